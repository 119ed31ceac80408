import clsx from 'clsx';
import { Crown, Gift, KeyRound, type LucideIcon } from 'lucide-react';
import type { PrizeType } from '@taice/contract';

const typeIcons: Record<PrizeType, LucideIcon> = { physical: Gift, virtual: KeyRound, membership: Crown };

/** A prize's picture, square; the icon of its type when it has none (or it fails to load). */
export function PrizeImage({
  src,
  type,
  alt,
  className,
}: {
  src: string | null | undefined;
  type: PrizeType;
  alt: string;
  className?: string;
}) {
  const Icon = typeIcons[type];
  return (
    <div className={clsx('relative aspect-square overflow-hidden bg-surface-2', className)}>
      <Icon className="absolute inset-0 m-auto size-1/3 text-muted" aria-hidden />
      {src && (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          className="relative size-full object-cover"
          onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
        />
      )}
    </div>
  );
}
