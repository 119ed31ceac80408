import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { UI_LANGS } from '@taice/contract';
import { Page } from '../../shared/ui/page';
import { usePreferences } from '../../shared/stores/preferences';
import { notify } from '../../shared/ui/toast';
import { htmlLang, i18n } from '../../shared/i18n/i18n';

export default function ChangeLanguagePage() {
  const { t } = useTranslation();
  const { lang, setLang } = usePreferences();
  return (
    <Page title={t('lang.title')} narrow>
      <p className="mb-4 text-muted">{t('lang.description')}</p>
      <ul
        role="radiogroup"
        aria-label={t('lang.title')}
        className="overflow-hidden rounded-xl border border-border bg-surface"
      >
        {UI_LANGS.map((code) => (
          <li key={code} className="border-b border-border last:border-b-0">
            <button
              role="radio"
              aria-checked={lang === code}
              onClick={async () => {
                if (code === lang) return;
                await setLang(code);
                notify.success(i18n.t('lang.changed'));
              }}
              className={clsx(
                'flex min-h-14 w-full items-center justify-between px-5 text-left text-lg hover:bg-surface-2',
                lang === code && 'font-semibold',
              )}
            >
              <span lang={htmlLang[code]}>{t(`lang.${code}`)}</span>
              {lang === code && <Check className="size-6 text-accent-text" aria-hidden />}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
