import clsx from 'clsx';
import { Megaphone } from 'lucide-react';

/** A campaign's banner (wide, about 3:1); a megaphone on the accent when it has none or it fails to load. */
export function CampaignBanner({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return (
    <div
      className={clsx(
        'relative overflow-hidden bg-linear-to-br from-accent/30 via-surface-2 to-surface-2',
        className ?? 'aspect-[3/1]',
      )}
    >
      <Megaphone className="absolute inset-0 m-auto size-1/4 text-accent-text/60" aria-hidden />
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
