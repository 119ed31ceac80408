import { useTranslation } from 'react-i18next';
import { Clock, Coins, Eye, Film, HandCoins, Heart, MessageCircle, Share2, Users } from 'lucide-react';
import type { ChannelTotals } from '@taice/contract';
import { formatBalance, formatInteger, formatViewingTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useChannelTotals } from '../api/use-channel-totals';
import { FigureTile } from './figure-tile';

function Tiles({ totals, perVideo }: { totals: ChannelTotals; perVideo: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const count = (n: number) => formatInteger(n, lang);
  return (
    <>
      {!perVideo && (
        <FigureTile
          icon={Film}
          label={t('channel.figures.videos')}
          value={count(totals.videos)}
          note={t('channel.figures.published', { count: totals.published })}
          testId="total-videos"
        />
      )}
      <FigureTile icon={Eye} label={t('channel.figures.views')} value={count(totals.views)} testId="total-views" />
      <FigureTile
        icon={Clock}
        label={t('channel.figures.watch')}
        value={formatViewingTime(totals.watch_seconds, lang)}
        testId="total-watch"
      />
      <FigureTile icon={Heart} label={t('channel.figures.likes')} value={count(totals.likes)} testId="total-likes" />
      <FigureTile icon={MessageCircle} label={t('channel.figures.comments')} value={count(totals.comments)} />
      <FigureTile icon={Share2} label={t('channel.figures.shares')} value={count(totals.shares)} />
      {totals.followers !== null && (
        <FigureTile
          icon={Users}
          label={t('channel.figures.followers')}
          value={count(totals.followers)}
          note={t('channel.figures.followersToday', { count: totals.new_followers_today ?? 0 })}
        />
      )}
      <FigureTile
        icon={Coins}
        label={t('channel.figures.earned')}
        value={formatBalance(totals.earned, lang)}
        note={t('channel.analyze.earnedHint')}
      />
      <FigureTile
        icon={HandCoins}
        label={t('channel.figures.poolPaid')}
        value={formatBalance(totals.pool_paid, lang)}
        note={t('channel.analyze.poolPaidHint')}
        testId="total-pool-paid"
      />
    </>
  );
}

/** The all-time totals of the channel or of one video, as tiles. */
export function ChannelTotalsTiles({ postId }: { postId: number | undefined }) {
  const totals = useChannelTotals(postId);
  return (
    <div className="grid grid-cols-2 gap-3 wide:grid-cols-3 min-[1200px]:grid-cols-5" data-testid="channel-totals">
      {totals.data ? (
        <Tiles totals={totals.data} perVideo={postId !== undefined} />
      ) : totals.isError ? (
        <div className="col-span-full">
          <ErrorState onRetry={() => void totals.refetch()} />
        </div>
      ) : (
        Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-24 w-full rounded-xl" />)
      )}
    </div>
  );
}
