import type { CSSProperties } from 'react';

const COLOURS = ['var(--accent)', 'var(--success)', '#f472b6', '#60a5fa', 'var(--accent)'];

/** A short burst of coloured coins behind a claimed reward (decorative). */
export function RewardBurst({ pieces = 14 }: { pieces?: number }) {
  return (
    <span aria-hidden className="pointer-events-none absolute inset-0">
      {Array.from({ length: pieces }, (_, i) => (
        <span
          key={i}
          className="burst-piece"
          style={
            {
              '--angle': `${(360 / pieces) * i}deg`,
              '--distance': `${5 + (i % 3) * 1.5}rem`,
              background: COLOURS[i % COLOURS.length],
              animationDelay: `${(i % 4) * 40}ms`,
            } as CSSProperties
          }
        />
      ))}
    </span>
  );
}
