import { useState } from 'react';
import { videoPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '../../../shared/ui/modal';
import { Send } from 'lucide-react';
import type { PostDetail } from '@taice/contract';
import { copyText } from '../../../shared/ui/copy';
import { notify } from '../../../shared/ui/toast';
import {
  FacebookMark,
  NativeShareButton,
  ShareChannelButton,
  ShareLinkField,
  openSharePage,
  openShareTab,
  XMark,
  type SocialChannel,
} from '../../../shared/ui/share-channels';
import { useSessionUser } from '../../../shared/session/api/use-me';
import { useMiniAppLink } from '../../../shared/telegram/mini-app-link';
import { shareLink, useShare, type ShareChannel } from '../api/use-share';

/**
 * The share dialog: each way of sharing records a share and hands out the
 * returned link (with its share code) on this site's address; Telegram gets the
 * Mini App's link to the video with the sharer's invitation instead (inside the
 * Mini App through Telegram's chat picker). Copying says 'copy success!', the
 * other channels 'share success!'.
 */
export function ShareDialog({
  post,
  open,
  onOpenChange,
}: {
  post: PostDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const share = useShare(post.id);
  const telegramLink = useMiniAppLink({ postId: post.id, inviteCode: useSessionUser()?.invite_code });
  const [link, setLink] = useState<string | null>(null);
  const shown = link ?? shareLink(videoPath(post.id));

  const record = async (channel: ShareChannel) => {
    const result = await share.mutateAsync(channel);
    const url = shareLink(result.path);
    setLink(url);
    return url;
  };

  const copy = async () => {
    try {
      await copyText(await record('copy'));
    } catch {
      // The call showed its error.
    }
  };

  const shareTo = async (channel: SocialChannel) => {
    const tab = openShareTab(channel);
    try {
      const url = await record(channel);
      openSharePage(channel, channel === 'telegram' ? (telegramLink ?? url) : url, post.title, tab);
      notify.success(t('video.shareSuccess'));
    } catch {
      tab?.close();
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border border-border bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl wide:bottom-auto wide:left-1/2 wide:top-1/2 wide:w-[36rem] wide:-translate-x-1/2 wide:-translate-y-1/2 wide:rounded-2xl"
          aria-describedby={undefined}
        >
          <div className="mb-4 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">{t('video.shareTitle')}</Dialog.Title>
            <DialogCloseButton />
          </div>
          <div className="grid auto-cols-fr grid-flow-col gap-2">
            <NativeShareButton
              data={async () => ({ title: post.title, url: await record('native') })}
              busy={share.isPending}
            />
            <ShareChannelButton
              label="Telegram"
              icon={<Send className="size-5" aria-hidden />}
              busy={share.isPending}
              onClick={() => void shareTo('telegram')}
            />
            <ShareChannelButton
              label="X"
              icon={<XMark />}
              busy={share.isPending}
              onClick={() => void shareTo('twitter')}
            />
            <ShareChannelButton
              label="Facebook"
              icon={<FacebookMark />}
              busy={share.isPending}
              onClick={() => void shareTo('facebook')}
            />
          </div>
          <ShareLinkField
            id="share-link"
            label={t('video.shareLink')}
            link={shown}
            busy={share.isPending}
            onCopy={() => void copy()}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
