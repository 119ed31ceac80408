import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { Coins, Gift, SquarePlay } from 'lucide-react';
import clsx from 'clsx';
import { GUIDE_NEXT_LOCK_MS } from '@taice/contract';
import { keepUser } from '../../../shared/session/api/use-me';
import { useGuide } from '../../../shared/session/guide';
import { Button } from '../../../shared/ui/button';
import { completeGuide } from '../api/complete-guide';

const steps = [
  { Icon: SquarePlay, title: 'guide.step1Title', text: 'guide.step1Text' },
  { Icon: Coins, title: 'guide.step2Title', text: 'guide.step2Text' },
  { Icon: Gift, title: 'guide.step3Title', text: 'guide.step3Text' },
] as const;

/** The steps; mounted afresh each time the guide opens, which starts the 30 s lock. */
function GuideSteps({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const lockLeft = Math.max(0, Math.ceil((startedAt + GUIDE_NEXT_LOCK_MS - now) / 1000));
  const locked = step === 1 && lockLeft > 0;
  const current = steps[step] ?? steps[0];

  const confirm = async () => {
    setSaving(true);
    try {
      keepUser(queryClient, await completeGuide());
      onDone();
    } catch (error) {
      console.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <p className="text-sm font-semibold text-accent-text">{t('guide.progress', { step: step + 1, total: 3 })}</p>
      <div className="mt-4 flex flex-col items-center gap-3 text-center">
        <span className="grid size-20 place-items-center rounded-full bg-accent/15 text-accent-text">
          <current.Icon className="size-10" aria-hidden />
        </span>
        <Dialog.Title className="text-2xl font-bold">{t(current.title)}</Dialog.Title>
        <p id="guide-text" className="text-muted">
          {t(current.text)}
        </p>
      </div>
      <div className="mt-5 flex justify-center gap-2" aria-hidden>
        {steps.map((s, i) => (
          <span
            key={s.title}
            className={clsx('h-1.5 rounded-full', i === step ? 'w-6 bg-accent' : 'w-1.5 bg-border')}
          />
        ))}
      </div>
      <div className="mt-6">
        {step < 2 ? (
          <Button size="lg" block disabled={locked} onClick={() => setStep(step + 1)}>
            {locked ? t('guide.nextIn', { seconds: lockLeft }) : t('guide.next')}
          </Button>
        ) : (
          <Button size="lg" block loading={saving} onClick={() => void confirm()}>
            {t('guide.confirm')}
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * The three-step new-user guide (spec section 4): Next on step 2 unlocks 30 s
 * after step 1 was shown; Confirm on step 3 records the guide as seen.
 */
export function NewUserGuide() {
  const { open, close } = useGuide();
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fade-350 fixed left-1/2 top-1/2 z-50 w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 shadow-2xl"
          aria-describedby="guide-text"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          {open && <GuideSteps onDone={close} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
