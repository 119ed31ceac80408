/** YouTube's play-button mark, in its red (the brand colour on light and dark alike). */
export function YoutubeMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 28 20" className={className ?? 'size-6'} aria-hidden focusable="false">
      <path
        fill="#FF0033"
        d="M27.4 3.1A3.5 3.5 0 0 0 24.9.6C22.7 0 14 0 14 0S5.3 0 3.1.6A3.5 3.5 0 0 0 .6 3.1C0 5.3 0 10 0 10s0 4.7.6 6.9a3.5 3.5 0 0 0 2.5 2.5C5.3 20 14 20 14 20s8.7 0 10.9-.6a3.5 3.5 0 0 0 2.5-2.5C28 14.7 28 10 28 10s0-4.7-.6-6.9Z"
      />
      <path fill="#fff" d="m11.2 14.3 7.3-4.3-7.3-4.3v8.6Z" />
    </svg>
  );
}
