import { useTranslation } from 'react-i18next';
import type { DocType } from '@taice/contract';
import { Markdown } from '../../../shared/ui/markdown';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { useDocument } from '../api/use-document';

/** A legal or about text from the server, with loading and error states. */
export function DocumentView({ type }: { type: DocType }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const doc = useDocument(type);
  if (doc.isPending) {
    return (
      <div className="space-y-3" aria-busy>
        <Skeleton className="h-8 w-2/3" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
    );
  }
  if (doc.isError) return <ErrorState message={doc.error.message} onRetry={() => void doc.refetch()} />;
  return (
    <article aria-labelledby={`doc-${type}`}>
      <h1 id={`doc-${type}`} className="text-2xl font-bold">
        {doc.data.title}
      </h1>
      <p className="mt-1 text-sm text-muted">
        {t('common.updatedAt', { date: formatDate(doc.data.updated_at, lang) })}
      </p>
      <Markdown>{doc.data.content}</Markdown>
    </article>
  );
}
