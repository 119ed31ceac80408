import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import { Page } from '../../../shared/ui/page';
import { useTaskPointLog } from '../api/use-task-point-log';
import { LedgerList } from '../components/ledger-list';

/** /TaskRecord: points from tasks, sign-in and rewards, newest first. */
export default function TaskRecordPage() {
  const { t } = useTranslation();
  const log = useTaskPointLog();
  return (
    <Page title={t('routes.TaskRecord')} narrow>
      <LedgerList
        query={log}
        empty={{
          title: t('points.noTaskRecord'),
          text: t('points.noTaskRecordText'),
          action: (
            <Link
              to={paths.dailyTask}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
            >
              <ListChecks className="size-5" aria-hidden />
              {t('points.goToTasks')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
