import { useTranslation } from 'react-i18next';
import { LogIn, Sparkles } from 'lucide-react';
import { useLoginGate } from '../../../shared/session/login-gate';
import { Button } from '../../../shared/ui/button';
import { useJoinCampaign } from '../api/use-join-campaign';

/**
 * Join, for a campaign members take part in by choice: a visitor gets the login dialog; a refusal (the campaign
 * has just ended, or not started) shows the server's own message.
 */
export function JoinButton({ id, visitor }: { id: number; visitor: boolean }) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const join = useJoinCampaign(id);
  const onJoin = () => gate(() => join.mutate());
  return (
    <Button size="lg" block loading={join.isPending} onClick={onJoin} data-testid="join-campaign">
      {visitor ? <LogIn className="size-5" aria-hidden /> : <Sparkles className="size-5" aria-hidden />}
      {t('campaigns.progress.join')}
    </Button>
  );
}
