import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '../../../shared/ui/modal';
import { CalendarCheck } from 'lucide-react';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { useSignIn } from '../api/use-sign-in';
import { useSignInConfigs } from '../api/use-sign-in-configs';
import { useWalletDetail } from '../api/use-wallet-detail';
import { businessDay } from '../sign-in-rule';
import { useSignInPopup, type SignInResult } from '../stores/sign-in-popup';
import { RewardBurst } from './reward-burst';
import { StreakDays } from './streak-days';
import { TaiceCoin } from './taice-coin';

function Offer() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const wallet = useWalletDetail();
  const configs = useSignInConfigs();
  const signIn = useSignIn();
  const reward = wallet.data?.sign_in_reward ?? 0;
  return (
    <>
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="grid size-18 place-items-center rounded-full bg-accent/15 text-accent-text">
          <CalendarCheck className="size-9" aria-hidden />
        </span>
        <Dialog.Title className="text-2xl font-bold">{t('checkIn.offerTitle')}</Dialog.Title>
        <Dialog.Description className="text-muted">
          {t('checkIn.offerText', { reward: formatBalance(reward, lang) })}
        </Dialog.Description>
      </div>
      {configs.data && (
        <div className="mt-5">
          <StreakDays days={configs.data.days} compact />
        </div>
      )}
      <Button className="mt-6" size="lg" block loading={signIn.isPending} onClick={() => signIn.mutate()}>
        {t('checkIn.claim', { reward: formatBalance(reward, lang) })}
      </Button>
    </>
  );
}

function Done({ result, onClose }: { result: SignInResult; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const total = result.reward + result.bonus;
  return (
    <>
      <div className="relative mx-auto grid size-32 place-items-center">
        <RewardBurst />
        <TaiceCoin className="reward-pop size-24 drop-shadow-[0_0.5rem_1.5rem_rgb(255_200_61/0.45)]" />
      </div>
      <div className="mt-2 flex flex-col items-center gap-2 text-center">
        <Dialog.Title className="text-2xl font-bold">{t('checkIn.successTitle')}</Dialog.Title>
        <p className="reward-pop text-4xl font-extrabold tabular-nums text-accent-text" data-testid="sign-in-reward">
          +{formatBalance(total, lang)} TAICE
        </p>
        <Dialog.Description className="text-muted">{t('checkIn.streakDay', { day: result.day })}</Dialog.Description>
      </div>
      <dl className="mt-5 divide-y divide-border rounded-xl border border-border bg-bg text-sm">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-muted">{t('checkIn.dayReward', { day: result.day })}</dt>
          <dd className="font-bold tabular-nums">+{formatBalance(result.reward, lang)}</dd>
        </div>
        {result.bonus > 0 && (
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <dt className="text-muted">{t('checkIn.sevenDayBonus')}</dt>
            <dd className="font-bold tabular-nums text-accent-text">+{formatBalance(result.bonus, lang)}</dd>
          </div>
        )}
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <dt className="text-muted">{t('points.balance')}</dt>
          <dd className="font-bold tabular-nums">{formatBalance(result.value, lang)}</dd>
        </div>
      </dl>
      <Button className="mt-6" size="lg" block onClick={onClose}>
        {t('checkIn.great')}
      </Button>
    </>
  );
}

/**
 * The sign-in pop-up: inside the messenger webview it offers today's reward
 * (spec section 4); after any check-in it shows the day, the reward and the
 * 7-day bonus with a short celebration.
 */
export function SignInDialog() {
  const { open, content, close } = useSignInPopup();
  const onClose = () => close(businessDay());
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fade-350 fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[min(92vw,34rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-2xl"
          data-testid="sign-in-dialog"
        >
          <DialogCloseButton className="absolute right-2 top-2 text-muted" />
          {content.phase === 'offer' ? <Offer /> : <Done result={content.result} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
