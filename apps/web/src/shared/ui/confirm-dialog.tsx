import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, TriangleExclamationPoint } from 'lucide-react';
import { Button } from './button';
import { useConfirmStore, type ConfirmIcon } from './confirm';

const icons: Record<ConfirmIcon, { Icon: typeof CircleCheck; className: string }> = {
  success: { Icon: CircleCheck, className: 'text-success' },
  warning: { Icon: TriangleExclamationPoint, className: 'text-warning' },
  error: { Icon: CircleX, className: 'text-danger' },
};

export function ConfirmHost() {
  const { t } = useTranslation();
  const { open, request, answer } = useConfirmStore();
  const { Icon, className } = icons[request?.icon ?? 'warning'];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && answer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fade-350 fixed left-1/2 top-1/2 z-50 w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 shadow-2xl"
          aria-describedby="confirm-message"
        >
          <div className="flex flex-col items-center gap-3 text-center">
            <Icon className={`size-12 ${className}`} aria-hidden />
            <Dialog.Title className="text-xl font-bold">{request?.title ?? t('common.warning')}</Dialog.Title>
            <Dialog.Description id="confirm-message" className="text-muted">
              {request?.message}
            </Dialog.Description>
          </div>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={() => answer(false)}>
              {request?.cancelText ?? t('common.cancel')}
            </Button>
            <Button onClick={() => answer(true)}>{request?.confirmText ?? t('common.confirm')}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
