import { useState } from 'react';
import clsx from 'clsx';

/** A round avatar; falls back to the name's first letter when there is no image or it fails. */
export function Avatar({ src, name, className }: { src?: string; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return src && !failed ? (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className={clsx('shrink-0 rounded-full bg-surface-2 object-cover', className ?? 'size-10')}
    />
  ) : (
    <span
      aria-hidden
      className={clsx(
        'grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-[#f5a300] font-bold text-accent-fg',
        className ?? 'size-10',
      )}
    >
      {initial}
    </span>
  );
}
