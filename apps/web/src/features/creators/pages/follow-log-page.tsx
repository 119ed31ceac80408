import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../../shared/session/require-login';
import { useViewerId } from '../../../shared/session/login-gate';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Page } from '../../../shared/ui/page';
import { useFollowLog, type FollowLogType } from '../api/use-follow-log';
import { CreatorList } from '../components/creator-list';

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /Attention?id=&you=true (Subscriptions: whom a user follows) and /Fans?id=
 * (who follows them). Without an id they show the viewer's own, which needs
 * a login.
 */
function FollowLogPage({ type }: { type: FollowLogType }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const [params] = useSearchParams();
  const viewer = useViewerId();
  const id = positiveId(params.get('id'));
  const mine = !id || id === viewer;
  const needsLogin = mine && viewer === 0;
  const log = useFollowLog(type, id, !needsLogin);
  const title = type === 'follow' ? t('routes.Attention') : t('routes.Fans');
  if (needsLogin) return <RequireLogin>{null}</RequireLogin>;
  return (
    <Page title={title}>
      <CreatorList
        query={log}
        extra={(creator) =>
          t(type === 'follow' ? 'creator.followedOn' : 'creator.fanSince', {
            date: formatDate(creator.followed_at, lang),
          })
        }
        empty={
          type === 'follow'
            ? {
                title: mine ? t('creator.noSubscriptions') : t('creator.noSubscriptionsOther'),
                text: mine ? t('creator.noSubscriptionsText') : undefined,
                action: mine ? (
                  <Link
                    to={paths.creators}
                    className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
                  >
                    {t('creator.findCreators')}
                  </Link>
                ) : undefined,
              }
            : {
                title: mine ? t('creator.noFans') : t('creator.noFansOther'),
                text: mine ? t('creator.noFansText') : undefined,
              }
        }
      />
    </Page>
  );
}

export function SubscriptionsPage() {
  return <FollowLogPage type="follow" />;
}

export function FansPage() {
  return <FollowLogPage type="fans" />;
}
