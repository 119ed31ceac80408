import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, EyeOff, LoaderCircle } from 'lucide-react';
import type { ChannelPostStatus } from '@taice/contract';
import { StatusChip, type StatusLook } from '../../../shared/ui/status-chip';

const looks: Record<ChannelPostStatus, StatusLook> = {
  published: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  taken_down: { icon: EyeOff, className: 'bg-warning/15 text-warning' },
  processing: { icon: LoaderCircle, className: 'bg-accent/15 text-accent-text [&>svg]:animate-spin' },
  failed: { icon: CircleAlert, className: 'bg-danger/15 text-danger' },
};

/** A video's status in its creator's channel, as a coloured pill with its icon. */
export function VideoStatusChip({ status }: { status: ChannelPostStatus }) {
  const { t } = useTranslation();
  return <StatusChip look={looks[status]} label={t(`channel.status.${status}`)} testId="video-status" />;
}
