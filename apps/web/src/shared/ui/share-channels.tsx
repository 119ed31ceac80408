import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Share2 } from 'lucide-react';
import { sharesInTelegram, shareInTelegramChat } from '../telegram/share';
import { notify } from './toast';

export type SocialChannel = 'telegram' | 'twitter' | 'facebook';

/** Where each network's share page lives, for a link and a line of text. */
const socialShareUrl: Record<SocialChannel, (link: string, text: string) => string> = {
  telegram: (link, text) => `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  twitter: (link, text) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
  facebook: (link) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
};

/**
 * A tab opened at the click, while it still counts as the user's, for a share page whose link comes later;
 * none for Telegram inside the Mini App, which shares through its own chat picker.
 */
export function openShareTab(channel: SocialChannel): Window | null {
  return channel === 'telegram' && sharesInTelegram() ? null : window.open('about:blank', '_blank');
}

/** Shares `link` with `text` on `channel`: in `tab` when one was opened, Telegram's chat picker inside the Mini App. */
export function openSharePage(channel: SocialChannel, link: string, text: string, tab: Window | null = null): void {
  if (channel === 'telegram' && shareInTelegramChat(link, text)) return;
  const page = socialShareUrl[channel](link, text);
  if (tab) tab.location.href = page;
  else window.open(page, '_blank', 'noopener');
}

/** Brand marks (the icon set has none). */
export function XMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden fill="currentColor">
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z" />
    </svg>
  );
}

export function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden fill="currentColor">
      <path d="M13.5 21v-7.5h2.53l.38-2.94H13.5V8.68c0-.85.24-1.43 1.46-1.43h1.55V4.62A20.6 20.6 0 0 0 14.25 4.5c-2.24 0-3.77 1.37-3.77 3.88v2.18H7.94v2.94h2.54V21h3.02Z" />
    </svg>
  );
}

/** One way of sharing in a share sheet: a round icon over its name. */
export function ShareChannelButton({
  label,
  icon,
  onClick,
  busy = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="flex min-h-11 flex-col items-center gap-1.5 rounded-lg p-2 text-sm hover:bg-surface-2 disabled:opacity-50"
    >
      <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-fg">{icon}</span>
      {label}
    </button>
  );
}

/** The link being shared, selectable, with a button that copies it. */
export function ShareLinkField({
  id,
  label,
  link,
  onCopy,
  busy = false,
}: {
  id: string;
  label: string;
  link: string;
  onCopy: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex items-center gap-2 rounded-lg border border-border bg-bg p-1.5 pl-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 truncate bg-transparent text-sm text-muted focus:outline-none"
      />
      <button
        type="button"
        onClick={onCopy}
        disabled={busy}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md bg-accent px-4 font-semibold text-accent-fg hover:brightness-105 disabled:opacity-50"
      >
        <Copy className="size-4" aria-hidden />
        {t('video.copyLink')}
      </button>
    </div>
  );
}

/**
 * 'More': the system share sheet, where the browser has one ('share success!'
 * once shared). `data` gives what to share at the click; it may call the server first.
 */
export function NativeShareButton({ data, busy }: { data: () => Promise<ShareData>; busy?: boolean }) {
  const { t } = useTranslation();
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const share = async () => {
    try {
      await navigator.share(await data());
      notify.success(t('video.shareSuccess'));
    } catch {
      // Cancelled, the sheet failed, or the call before it failed (and showed its error): nothing more to say.
    }
  };
  return (
    <ShareChannelButton
      label={t('video.shareMore')}
      icon={<Share2 className="size-5" aria-hidden />}
      busy={busy}
      onClick={() => void share()}
    />
  );
}
