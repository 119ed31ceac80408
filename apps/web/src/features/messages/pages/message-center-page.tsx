import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCheck, Gift } from 'lucide-react';
import type { Message } from '@taice/contract';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { paths } from '../../../shared/routing/paths';
import { Button } from '../../../shared/ui/button';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { Page } from '../../../shared/ui/page';
import type { MessageFilter } from '../api/message-cache';
import { useMessageList } from '../api/use-message-list';
import { useReadAll } from '../api/use-read-all';
import { useReadMessage } from '../api/use-read-message';
import { useUnreadCount } from '../components/unread-badge';
import { MessageList } from '../components/message-list';

/** /V2/messagecenter: the user's messages, all or unread; opening one reads it; all can be read at once. */
export default function MessageCenterPage() {
  const { t } = useTranslation();
  const wide = useIsWide();
  const [params, setParams] = useSearchParams();
  const filter: MessageFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const setFilter = (next: MessageFilter) =>
    setParams(next === 'unread' ? { filter: next } : {}, { replace: true, preventScrollReset: true });
  const list = useMessageList(filter);
  const unread = useUnreadCount();
  const readOne = useReadMessage();
  const readAll = useReadAll();
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());

  const toggle = (message: Message) => {
    const opening = !openIds.has(message.id);
    const next = new Set(openIds);
    if (opening) next.add(message.id);
    else next.delete(message.id);
    setOpenIds(next);
    if (opening && message.is_read === 0) readOne.mutate(message.id);
  };

  const exchangePath = wide ? paths.exchange : paths.exchangeH5;
  const empty =
    filter === 'unread'
      ? {
          title: t('messages.noUnread'),
          text: t('messages.noUnreadText'),
          action: (
            <Button variant="secondary" onClick={() => setFilter('all')}>
              {t('messages.showAll')}
            </Button>
          ),
        }
      : {
          title: t('messages.empty'),
          text: t('messages.emptyText'),
          action: (
            <div className="flex flex-wrap justify-center gap-2">
              <Link
                to={exchangePath}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
              >
                <Gift className="size-5" aria-hidden />
                {t('messages.goToExchange')}
              </Link>
              <Link
                to={paths.dailyTask}
                className="inline-flex min-h-11 items-center rounded-lg border border-border bg-surface-2 px-5 font-semibold"
              >
                {t('messages.goToTasks')}
              </Link>
            </div>
          ),
        };

  return (
    <Page title={t('routes.messagecenter')} narrow>
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0 flex-1">
            <ChipTabs<MessageFilter>
              label={t('messages.filterLabel')}
              value={filter}
              onChange={setFilter}
              tabs={[
                { id: 'all', label: t('messages.all') },
                {
                  id: 'unread',
                  label: unread > 0 ? t('messages.unreadCount', { count: unread }) : t('messages.unread'),
                },
              ]}
            />
          </div>
          <Button
            variant="ghost"
            className="shrink-0 text-accent-text"
            disabled={unread === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {!readAll.isPending && <CheckCheck className="size-5" aria-hidden />}
            {t('messages.markAllRead')}
          </Button>
        </div>
        <MessageList query={list} openIds={openIds} onToggle={toggle} empty={empty} />
      </div>
    </Page>
  );
}
