import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Share, SquarePlus, X } from 'lucide-react';
import { readStorage, writeStorage } from '../../shared/lib/storage';

const SEEN_KEY = 'a2hs_hint_seen';

/** iOS Safari (not Chrome or Firefox on iOS), not already running from the home screen. */
function isIosSafariInBrowser(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const safari = /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|Telegram/.test(ua);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return ios && safari && !standalone;
}

/** The iOS add-to-home-screen hint: shown once (spec section 4), then a stored flag suppresses it. */
export function AddToHomeHint() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => readStorage(SEEN_KEY) === null && isIosSafariInBrowser());
  if (!visible) return null;
  const dismiss = () => {
    writeStorage(SEEN_KEY, '1');
    setVisible(false);
  };
  return (
    <div
      role="dialog"
      aria-label={t('a2hs.title')}
      className="fixed inset-x-3 bottom-3 z-40 rounded-xl border border-border bg-surface p-4 shadow-2xl"
    >
      <div className="flex items-start gap-3">
        <img src="/icon-192.png" alt="" className="size-12 rounded-lg" />
        <div className="flex-1">
          <p className="font-semibold">{t('a2hs.title')}</p>
          <p className="text-sm text-muted">
            {t('a2hs.tapShare')} <Share className="inline size-4" aria-label={t('a2hs.share')} /> {t('a2hs.thenAdd')}{' '}
            <SquarePlus className="inline size-4" aria-hidden /> <strong>{t('a2hs.addToHome')}</strong>
          </p>
        </div>
        <button
          onClick={dismiss}
          className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
          aria-label={t('common.close')}
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
    </div>
  );
}
