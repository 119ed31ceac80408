import { useTranslation } from 'react-i18next';
import { Unplug } from 'lucide-react';
import type { YoutubeChannel } from '@taice/contract';
import { formatCount } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm';
import { notify } from '../../../shared/ui/toast';
import { useDisconnectYoutube } from '../api/use-disconnect-youtube';
import { YoutubeMark } from './youtube-mark';

/** The connected channel, with the way to disconnect it. */
export function ChannelBar({ channel, total }: { channel: YoutubeChannel; total: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const disconnect = useDisconnectYoutube();
  const ask = async () => {
    const sure = await confirm({
      title: t('youtube.disconnect'),
      message: t('youtube.disconnectConfirm', { channel: channel.title }),
      icon: 'warning',
      confirmText: t('youtube.disconnect'),
    });
    if (sure) disconnect.mutate(undefined, { onSuccess: () => notify.success(t('youtube.disconnected')) });
  };
  return (
    <section
      className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-3 wide:p-4"
      aria-label={t('youtube.channel')}
      data-testid="youtube-channel"
    >
      <span className="relative shrink-0">
        <Avatar src={channel.thumbnail || undefined} name={channel.title} className="size-12" />
        <YoutubeMark className="absolute -bottom-1 -right-1 h-3.5 w-5 rounded-[3px] bg-white" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-muted">{t('youtube.channel')}</p>
        <p className="truncate font-semibold">{channel.title}</p>
        <p className="text-xs text-muted">{t('creator.videosCount', { count: total, n: formatCount(total, lang) })}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => void ask()} loading={disconnect.isPending}>
        <Unplug className="size-4" aria-hidden />
        <span className="sr-only wide:not-sr-only">{t('youtube.disconnect')}</span>
      </Button>
    </section>
  );
}
