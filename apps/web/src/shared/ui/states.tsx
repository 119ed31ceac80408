import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox, LoaderCircle, TriangleExclamationPoint } from 'lucide-react';
import { Button } from './button';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
      <LoaderCircle className="size-6 animate-spin" aria-hidden />
      <span className="text-sm">{label ?? t('common.loading')}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <TriangleExclamationPoint className="size-10 text-warning" aria-hidden />
      <p className="max-w-md text-muted">{message ?? t('errors.loadFailed')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <Inbox className="size-10 text-muted" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="max-w-md text-muted">{text}</p>}
      {action}
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={`skeleton rounded-md ${className ?? ''}`} />;
}
