import type { PublicProfile } from '@taice/contract';

const networks = [
  { key: 'twitter', label: 'X', base: 'https://x.com/' },
  { key: 'facebook', label: 'Facebook', base: 'https://facebook.com/' },
  { key: 'youtube', label: 'YouTube', base: 'https://youtube.com/@' },
  { key: 'instagram', label: 'Instagram', base: 'https://instagram.com/' },
] as const;

/** A profile's social accounts: full links as given, bare handles turned into links. */
function hrefOf(value: string, base: string): string | null {
  if (/^https?:\/\//i.test(value)) return value;
  const handle = value.replace(/^@/, '').trim();
  return /^[\w.-]{1,100}$/.test(handle) ? `${base}${handle}` : null;
}

export function SocialLinks({
  profile,
}: {
  profile: Pick<PublicProfile, 'twitter' | 'facebook' | 'youtube' | 'instagram'>;
}) {
  const links = networks
    .map((n) => ({ ...n, href: profile[n.key] ? hrefOf(profile[n.key], n.base) : null }))
    .filter((n) => n.href);
  if (links.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {links.map((n) => (
        <li key={n.key}>
          <a
            href={n.href!}
            target="_blank"
            rel="noreferrer nofollow"
            className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm hover:bg-surface-2"
          >
            {n.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
