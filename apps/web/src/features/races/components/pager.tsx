import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../shared/ui/button';

/** Previous and next page of a long board, with where the reader is. */
export function Pager({
  page,
  pages,
  onPage,
  busy,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('races.pager.label')} className="flex items-center justify-center gap-3 py-2">
      <Button variant="secondary" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-5" aria-hidden />
        {t('common.previous')}
      </Button>
      <span className="min-w-24 text-center text-sm text-muted tabular-nums" aria-live="polite" data-testid="page-of">
        {t('races.pager.pageOf', { page, pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t('common.next')}
        <ChevronRight className="size-5" aria-hidden />
      </Button>
    </nav>
  );
}
