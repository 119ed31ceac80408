import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { MAX_INTERESTS } from '@taice/contract';
import { formatCount } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useLoginGate } from '../../../shared/session/login-gate';
import { useInterestList } from '../api/use-interest-list';
import { useInterestSubmit } from '../api/use-interest-submit';

/** /customized: pick the categories you like; recommendations lean towards them. */
export default function InterestsPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const navigate = useNavigate();
  const gate = useLoginGate();
  const interests = useInterestList();
  const submit = useInterestSubmit();
  /** The user's changes; until the first one, the server's choice shows. */
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const saved = new Set((interests.data ?? []).filter((c) => c.is_selected === 1).map((c) => c.id));
  const selected = picked ?? saved;

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else if (next.size >= MAX_INTERESTS) {
      notify.warning(t('interests.tooMany', { max: MAX_INTERESTS }));
      return;
    } else next.add(id);
    setPicked(next);
  };

  const save = () =>
    gate(() =>
      submit.mutate([...selected], {
        onSuccess: () => {
          setPicked(null);
          void navigate(paths.home);
        },
      }),
    );

  let body;
  if (interests.isPending)
    body = (
      <div className="grid grid-cols-2 gap-3 wide:grid-cols-4" role="status" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  else if (interests.isError)
    body = <ErrorState message={interests.error.message} onRetry={() => void interests.refetch()} />;
  else if (interests.data.length === 0) body = <EmptyState title={t('interests.none')} />;
  else
    body = (
      <>
        <ul className="grid grid-cols-2 gap-3 wide:grid-cols-4" aria-label={t('interests.choices')}>
          {interests.data.map((category) => {
            const on = selected.has(category.id);
            return (
              <li key={category.id}>
                <button
                  type="button"
                  role="checkbox"
                  aria-checked={on}
                  onClick={() => toggle(category.id)}
                  className={clsx(
                    'relative flex min-h-20 w-full flex-col items-start justify-center rounded-xl border-2 px-4 py-3 text-left transition',
                    on ? 'border-accent bg-accent/10' : 'border-border bg-surface hover:border-muted',
                  )}
                >
                  <span className="font-semibold">{category.name}</span>
                  <span className="text-xs text-muted">
                    {t('creator.videosCount', { count: category.post_num, n: formatCount(category.post_num, lang) })}
                  </span>
                  {on && (
                    <span className="absolute right-2 top-2 grid size-6 place-items-center rounded-full bg-accent text-accent-fg">
                      <Check className="size-4" aria-hidden />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex items-center gap-3">
          <span className="text-sm text-muted">
            {t('interests.count', { count: selected.size, max: MAX_INTERESTS })}
          </span>
          <Button className="ml-auto" onClick={save} loading={submit.isPending}>
            {t('interests.save')}
          </Button>
        </div>
      </>
    );

  return (
    <Page title={t('routes.customized')} narrow>
      <p className="-mt-2 mb-5 text-muted">{t('interests.intro', { max: MAX_INTERESTS })}</p>
      {body}
    </Page>
  );
}
