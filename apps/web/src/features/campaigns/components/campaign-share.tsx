import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import { campaignPath } from '../../../shared/routing/paths';
import { useSessionUser } from '../../../shared/session/api/use-me';
import { useMiniAppLink } from '../../../shared/telegram/mini-app-link';
import { Button } from '../../../shared/ui/button';
import { LinkShareDialog } from '../../../shared/ui/link-share-dialog';

/** Shares a campaign: the site's page, and in Telegram the Mini App's link to it with the sharer's invitation. */
export function CampaignShare({ id }: { id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const telegramLink = useMiniAppLink({ campaignId: id, inviteCode: useSessionUser()?.invite_code });
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Share2 className="size-4" aria-hidden />
        {t('campaigns.detail.share')}
      </Button>
      <LinkShareDialog
        title={t('campaigns.detail.shareTitle')}
        message={t('campaigns.detail.shareText')}
        link={new URL(campaignPath(id), window.location.origin).toString()}
        linkLabel={t('campaigns.detail.link')}
        telegramLink={telegramLink}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
