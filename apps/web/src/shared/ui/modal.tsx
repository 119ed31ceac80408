import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The round close button of a dialog (inside a Radix Dialog). */
export function DialogCloseButton({
  className = '',
  iconClassName = 'size-5',
}: {
  className?: string;
  iconClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Close
      className={`grid size-11 place-items-center rounded-full hover:bg-surface-2 ${className}`}
      aria-label={t('common.close')}
    >
      <X className={iconClassName} aria-hidden />
    </Dialog.Close>
  );
}

/**
 * A centred dialog with its title row (an optional leading control, the
 * title, a close button); closing by the button, Escape or the backdrop
 * calls `onClose`.
 */
export function Modal({
  open,
  onClose,
  title,
  leading,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  leading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fade-350 fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[min(94vw,34rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-5 shadow-2xl wide:p-7"
          aria-describedby={undefined}
        >
          <div className="mb-4 flex items-center gap-2">
            {leading}
            <Dialog.Title className="flex-1 text-xl font-bold">{title}</Dialog.Title>
            <DialogCloseButton iconClassName="size-6" />
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
