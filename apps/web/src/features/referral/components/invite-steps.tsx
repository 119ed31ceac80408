import { useTranslation } from 'react-i18next';
import { Coins, Link2, SquarePlay } from 'lucide-react';
import { formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

/** The three steps of a referral: share your link, the friend watches a video, the friend shares one: you are paid. */
export function InviteSteps({ reward }: { reward: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const steps = [
    { Icon: Link2, title: t('referral.step1'), text: t('referral.step1Text') },
    { Icon: SquarePlay, title: t('referral.step2'), text: t('referral.step2Text') },
    { Icon: Coins, title: t('referral.step3'), text: t('referral.step3Text', { reward: formatReward(reward, lang) }) },
  ];
  return (
    <section aria-labelledby="steps-title" className="rounded-xl border border-border bg-surface p-4 wide:p-6">
      <h2 id="steps-title" className="text-lg font-bold">
        {t('referral.howItWorks')}
      </h2>
      <ol className="mt-3 grid gap-3 wide:grid-cols-3 wide:gap-4">
        {steps.map(({ Icon, title, text }, i) => (
          <li key={title} className="flex items-start gap-3 rounded-lg bg-bg p-3 wide:flex-col wide:p-4">
            <span className="relative grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
              <Icon className="size-5" aria-hidden />
              <span className="absolute -right-1 -top-1 grid size-5 place-items-center rounded-full bg-accent text-[0.8rem] font-bold text-accent-fg">
                {i + 1}
              </span>
            </span>
            <div className="min-w-0">
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
