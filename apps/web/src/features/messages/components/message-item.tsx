import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  ArrowRight,
  BadgeCheck,
  CalendarCheck,
  ChevronDown,
  Copy,
  Crown,
  KeyRound,
  Medal,
  Megaphone,
  PackageCheck,
  PackageX,
  ShoppingBag,
  Sparkles,
  Truck,
  Trophy,
  UserPlus,
  Video,
  VideoOff,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { Message, MessageTemplate } from '@taice/contract';
import { useNow } from '../../../shared/hooks/use-now';
import { formatDateTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../../../shared/ui/copy';
import { deliveredCode, messageLink, messageTime } from '../message-text';

const templateIcon: Record<MessageTemplate, LucideIcon> = {
  order_placed: ShoppingBag,
  order_shipped: Truck,
  order_completed: PackageCheck,
  order_cancelled: PackageX,
  virtual_code_delivered: KeyRound,
  membership_extended: Crown,
  new_user_reward: Sparkles,
  referral_confirmed: UserPlus,
  seven_day_bonus: CalendarCheck,
  reward_won: Trophy,
  reward_shared: Trophy,
  reward_ineligible: Medal,
  reward_approved: BadgeCheck,
  reward_rejected: XCircle,
  video_taken_down: VideoOff,
  video_put_up: Video,
  operator_notice: Megaphone,
};

/**
 * One message: its title, time and the start of its text; opening it shows the whole text
 * (selectable, line breaks kept), its link and, for a code, a copy button, and marks it read.
 */
export function MessageItem({
  message,
  open,
  onToggle,
}: {
  message: Message;
  open: boolean;
  onToggle: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const panelId = useId();
  const unread = message.is_read === 0;
  const Icon = templateIcon[message.template];
  const link = messageLink(message);
  const code = deliveredCode(message);
  return (
    <li data-testid="message" data-unread={unread || undefined} className={clsx(unread && 'bg-accent/5')}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onToggle(message)}
        className="flex w-full items-start gap-3 px-4 py-3 text-left transition hover:bg-surface-2/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent wide:px-5"
      >
        <span
          className={clsx(
            'relative mt-0.5 grid size-11 shrink-0 place-items-center rounded-full',
            unread ? 'bg-accent/15 text-accent-text' : 'bg-surface-2 text-muted',
          )}
        >
          <Icon className="size-5" aria-hidden />
          {unread && (
            <span
              aria-hidden
              className="absolute right-0 top-0 size-3 rounded-full border-2 border-surface bg-danger"
            />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={clsx('min-w-0 flex-1 break-words', unread ? 'font-bold text-fg' : 'font-medium text-fg/85')}
            >
              {unread && <span className="sr-only">{t('messages.unreadMark')}: </span>}
              {message.title}
            </span>
            <time
              dateTime={message.created_at}
              title={formatDateTime(message.created_at, lang)}
              className="shrink-0 text-xs text-muted"
            >
              {messageTime(message.created_at, lang, now)}
            </time>
          </span>
          {!open && (
            <span className="mt-0.5 line-clamp-2 whitespace-pre-line break-words text-sm text-muted">
              {message.content}
            </span>
          )}
        </span>
        <ChevronDown
          className={clsx('mt-3 size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div id={panelId} hidden={!open} className="px-4 pb-4 wide:px-5">
        {open && (
          <div className="ml-14 wide:mr-8">
            <p className="select-text whitespace-pre-wrap break-words leading-relaxed text-fg">{message.content}</p>
            {(link || code) && (
              <div className="mt-3 flex flex-wrap gap-2">
                {code && (
                  <Button variant="secondary" onClick={() => void copyText(code)}>
                    <Copy className="size-4" aria-hidden />
                    {t('messages.copyCode')}
                  </Button>
                )}
                {link && (
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-4 font-semibold text-accent-fg hover:brightness-105"
                  >
                    {t(`messages.${link.label}`)}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                )}
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
