import { useTranslation } from 'react-i18next';
import { AtSign, Mail, MessageCircle, Send, SquarePlay } from 'lucide-react';
import { CONTACT_KEYS, useSettings } from '../api/use-settings';

const icons = {
  'contact.email': Mail,
  'contact.telegram': Send,
  'contact.twitter': AtSign,
  'contact.discord': MessageCircle,
  'contact.youtube': SquarePlay,
} as const;

const labels: Record<(typeof CONTACT_KEYS)[number], string> = {
  'contact.email': 'E-mail',
  'contact.telegram': 'Telegram',
  'contact.twitter': 'X',
  'contact.discord': 'Discord',
  'contact.youtube': 'YouTube',
};

/** The operator's contact links (settings `contact.*`). */
export function ContactLinks({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings(CONTACT_KEYS);
  const links = CONTACT_KEYS.filter((key) => settings.data?.[key]);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('nav.contactUs')} className={compact ? 'flex flex-wrap gap-1' : 'flex flex-wrap gap-3'}>
      {links.map((key) => {
        const Icon = icons[key];
        const value = settings.data?.[key] ?? '';
        const href = key === 'contact.email' ? `mailto:${value}` : value;
        return (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noreferrer"
            className={
              compact
                ? 'grid size-11 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg'
                : 'inline-flex min-h-11 items-center gap-2 rounded-lg border border-border px-4 hover:bg-surface-2'
            }
            aria-label={labels[key]}
            title={labels[key]}
          >
            <Icon className="size-5" aria-hidden />
            {!compact && <span>{key === 'contact.email' ? value : labels[key]}</span>}
          </a>
        );
      })}
    </nav>
  );
}
