import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { copyText } from '../../../shared/ui/copy';

/** A long hex value to read or copy: its label, the value wrapped in monospace, a copy button. */
export function HashField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold">{label}</p>
      <div className="flex items-start gap-2 rounded-lg bg-surface-2 p-2.5">
        <code className="min-w-0 flex-1 break-all font-mono text-xs leading-relaxed" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copyText(value)}
          className="grid size-11 shrink-0 place-items-center rounded-lg text-muted hover:bg-border/70 hover:text-fg"
          aria-label={t('campaigns.splitPanel.copy', { what: label })}
        >
          <Copy className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
