import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_COUNTDOWN_S } from '@taice/contract';

/**
 * Sends an e-mail code; after a successful send it counts down 60 s (spec
 * section 4) and ignores clicks while counting or sending.
 */
export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const click = async () => {
    if (left > 0 || loading) return;
    setLoading(true);
    try {
      if (!(await onSend())) return;
      setLeft(EMAIL_CODE_COUNTDOWN_S);
      timer.current = setInterval(() => {
        setLeft((s) => {
          if (s <= 1 && timer.current) clearInterval(timer.current);
          return Math.max(0, s - 1);
        });
      }, 1000);
    } finally {
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void click()}
      aria-disabled={left > 0 || loading}
      className="min-h-11 shrink-0 whitespace-nowrap rounded-lg px-3 text-sm font-semibold text-accent-text hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:text-muted"
    >
      {loading ? t('auth.sending') : left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
