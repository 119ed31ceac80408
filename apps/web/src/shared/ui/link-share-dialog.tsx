import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '../../../shared/ui/modal';
import { Send } from 'lucide-react';
import { copyText } from '../../../shared/ui/copy';
import { notify } from '../../../shared/ui/toast';
import {
  FacebookMark,
  NativeShareButton,
  ShareChannelButton,
  ShareLinkField,
  openSharePage,
  XMark,
  type SocialChannel,
} from '../../../shared/ui/share-channels';
import { useMiniAppLink } from '../../../shared/telegram/mini-app-link';

/**
 * The referral share dialog: the invite link to copy ('copy success!') or to share ('share success!'); Telegram
 * gets the Mini App's link with the invitation (inside the Mini App through Telegram's chat picker).
 */
export function ReferralShareDialog({
  link,
  inviteCode,
  open,
  onOpenChange,
}: {
  link: string;
  inviteCode: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = t('referral.shareText');
  const telegramLink = useMiniAppLink({ inviteCode });
  const shareTo = (channel: SocialChannel) => {
    openSharePage(channel, channel === 'telegram' ? (telegramLink ?? link) : link, message);
    notify.success(t('video.shareSuccess'));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border border-border bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl wide:bottom-auto wide:left-1/2 wide:top-1/2 wide:w-[36rem] wide:-translate-x-1/2 wide:-translate-y-1/2 wide:rounded-2xl">
          <div className="mb-1 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">{t('referral.shareTitle')}</Dialog.Title>
            <DialogCloseButton />
          </div>
          <Dialog.Description className="mb-4 text-sm text-muted">{message}</Dialog.Description>
          <div className="grid auto-cols-fr grid-flow-col gap-2">
            <NativeShareButton data={async () => ({ title: t('app.name'), text: message, url: link })} />
            <ShareChannelButton
              label="Telegram"
              icon={<Send className="size-5" aria-hidden />}
              onClick={() => shareTo('telegram')}
            />
            <ShareChannelButton label="X" icon={<XMark />} onClick={() => shareTo('twitter')} />
            <ShareChannelButton label="Facebook" icon={<FacebookMark />} onClick={() => shareTo('facebook')} />
          </div>
          <ShareLinkField
            id="referral-share-link"
            label={t('referral.yourLink')}
            link={link}
            onCopy={() => void copyText(link)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
