import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, Send, Share2, X } from 'lucide-react';
import { copyText } from '../../../shared/ui/copy';
import { notify } from '../../../shared/ui/toast';

type Social = 'telegram' | 'twitter' | 'facebook';

const socialUrl: Record<Social, (link: string, text: string) => string> = {
  telegram: (link, text) => `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  twitter: (link, text) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  facebook: (link) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
};

function XMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden fill="currentColor">
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden fill="currentColor">
      <path d="M13.5 21v-7.5h2.53l.38-2.94H13.5V8.68c0-.85.24-1.43 1.46-1.43h1.55V4.62A20.6 20.6 0 0 0 14.25 4.5c-2.24 0-3.77 1.37-3.77 3.88v2.18H7.94v2.94h2.54V21h3.02Z" />
    </svg>
  );
}

function Channel({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-11 flex-col items-center gap-1.5 rounded-lg p-2 text-sm hover:bg-surface-2"
    >
      <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-fg">{icon}</span>
      {label}
    </button>
  );
}

/** The referral share dialog: the invite link to copy ('copy success!') or to share ('share success!'). */
export function ReferralShareDialog({
  link,
  open,
  onOpenChange,
}: {
  link: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = t('referral.shareText');
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const shareNatively = async () => {
    try {
      await navigator.share({ title: t('app.name'), text: message, url: link });
      notify.success(t('video.shareSuccess'));
    } catch {
      // Cancelled, or the system sheet failed: nothing to say.
    }
  };

  const shareTo = (channel: Social) => {
    window.open(socialUrl[channel](link, message), '_blank', 'noopener');
    notify.success(t('video.shareSuccess'));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border border-border bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl wide:bottom-auto wide:left-1/2 wide:top-1/2 wide:w-[36rem] wide:-translate-x-1/2 wide:-translate-y-1/2 wide:rounded-2xl">
          <div className="mb-1 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">{t('referral.shareTitle')}</Dialog.Title>
            <Dialog.Close
              className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
              aria-label={t('common.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-muted">{message}</Dialog.Description>
          <div className="grid auto-cols-fr grid-flow-col gap-2">
            {canShareNatively && (
              <Channel
                label={t('video.shareMore')}
                icon={<Share2 className="size-5" aria-hidden />}
                onClick={() => void shareNatively()}
              />
            )}
            <Channel
              label="Telegram"
              icon={<Send className="size-5" aria-hidden />}
              onClick={() => shareTo('telegram')}
            />
            <Channel label="X" icon={<XMark />} onClick={() => shareTo('twitter')} />
            <Channel label="Facebook" icon={<FacebookMark />} onClick={() => shareTo('facebook')} />
          </div>
          <div className="mt-5 flex items-center gap-2 rounded-lg border border-border bg-bg p-1.5 pl-3">
            <label htmlFor="referral-share-link" className="sr-only">
              {t('referral.yourLink')}
            </label>
            <input
              id="referral-share-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 truncate bg-transparent text-sm text-muted focus:outline-none"
            />
            <button
              type="button"
              onClick={() => void copyText(link)}
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md bg-accent px-4 font-semibold text-accent-fg hover:brightness-105"
            >
              <Copy className="size-4" aria-hidden />
              {t('video.copyLink')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
