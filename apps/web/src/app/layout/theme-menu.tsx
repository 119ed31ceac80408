import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { usePreferences, type ThemeChoice } from '../../shared/stores/preferences';
import { RadioMenu } from '../../shared/ui/radio-menu';

const choices: { value: ThemeChoice; Icon: typeof Sun }[] = [
  { value: 'dark', Icon: Moon },
  { value: 'light', Icon: Sun },
  { value: 'system', Icon: Monitor },
];

export function ThemeMenu() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const Current = choices.find((c) => c.value === theme)?.Icon ?? Moon;
  return (
    <RadioMenu
      label={t('header.theme')}
      trigger={<Current className="size-6" aria-hidden />}
      options={choices.map(({ value, Icon }) => ({ value, Icon, label: t(`theme.${value}`) }))}
      value={theme}
      onSelect={setTheme}
    />
  );
}
