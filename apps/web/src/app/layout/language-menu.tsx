import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { UI_LANGS } from '@taice/contract';
import { htmlLang } from '../../shared/i18n/i18n';
import { usePreferences } from '../../shared/stores/preferences';
import { RadioMenu } from '../../shared/ui/radio-menu';

export function LanguageMenu() {
  const { t } = useTranslation();
  const { lang, setLang } = usePreferences();
  return (
    <RadioMenu
      label={t('header.language')}
      trigger={<Languages className="size-6" aria-hidden />}
      options={UI_LANGS.map((code) => ({ value: code, label: t(`lang.${code}`), lang: htmlLang[code] }))}
      value={lang}
      onSelect={(code) => void setLang(code)}
    />
  );
}
