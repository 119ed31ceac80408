import { useEffect, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

/**
 * A page's frame: its title (also the document title) and a width that suits
 * reading or browsing. With `hideTitle` the page shows its own <h1>.
 */
export function Page({
  title,
  children,
  narrow = false,
  actions,
  hideTitle = false,
}: {
  title: string;
  children: ReactNode;
  narrow?: boolean;
  actions?: ReactNode;
  hideTitle?: boolean;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div
      className={clsx(
        'mx-auto w-full px-4 pb-10 pt-4 wide:px-8 wide:pt-6',
        narrow ? 'max-w-[64rem]' : 'max-w-[120rem]',
      )}
    >
      {!hideTitle && (
        <div className="mb-4 flex items-center justify-between gap-4">
          <h1 className="text-2xl font-bold">{title}</h1>
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}
