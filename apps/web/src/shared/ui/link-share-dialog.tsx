import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { Send } from 'lucide-react';
import { copyText } from './copy';
import { DialogCloseButton } from './modal';
import { notify } from './toast';
import {
  FacebookMark,
  NativeShareButton,
  ShareChannelButton,
  ShareLinkField,
  openSharePage,
  XMark,
  type SocialChannel,
} from './share-channels';

/**
 * A share sheet for a link (the invite link, a campaign): copy it ('copy success!') or share it ('share
 * success!'). Telegram gets `telegramLink` when there is one (the Mini App's link), inside the Mini App through
 * Telegram's chat picker.
 */
export function LinkShareDialog({
  title,
  message,
  link,
  linkLabel,
  telegramLink,
  open,
  onOpenChange,
}: {
  title: string;
  message: string;
  link: string;
  linkLabel: string;
  telegramLink: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
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
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
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
          <ShareLinkField id="share-dialog-link" label={linkLabel} link={link} onCopy={() => void copyText(link)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
