/**
 * Wide banners (3:1) for the demo campaigns, drawn as SVG (rendered to WebP by sharp): a diagonal gradient,
 * soft light circles, a ribbon of confetti and two lines of Latin text (the server may have no CJK fonts).
 */
export interface BannerSpec {
  /** Gradient from and to. */
  from: string;
  to: string;
  /** Accent of the confetti and the second line. */
  accent: string;
  headline: string;
  subline: string;
}

export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Confetti at fixed places (a banner is drawn the same every time). */
const CONFETTI = Array.from({ length: 26 }, (_, i) => ({
  x: 900 + ((i * 197) % 280),
  y: 30 + ((i * 131) % 340),
  r: (i * 37) % 180,
  w: 10 + (i % 4) * 4,
}));

export function bannerSvg(spec: BannerSpec): string {
  const confetti = CONFETTI.map(
    (c, i) =>
      `<rect x="${c.x}" y="${c.y}" width="${c.w}" height="${Math.round(c.w / 2.5)}" rx="2" fill="${i % 3 === 0 ? '#ffffff' : spec.accent}" opacity="${0.45 + (i % 5) * 0.1}" transform="rotate(${c.r} ${c.x} ${c.y})"/>`,
  ).join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#bg)"/>
  <circle cx="930" cy="200" r="260" fill="url(#glow)"/>
  <circle cx="120" cy="380" r="180" fill="#ffffff" opacity="0.06"/>
  <circle cx="1110" cy="40" r="120" fill="#ffffff" opacity="0.08"/>
  ${confetti}
  <text x="72" y="190" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="76" font-weight="700" fill="#ffffff">${escapeXml(spec.headline)}</text>
  <text x="76" y="262" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="40" font-weight="700" fill="${spec.accent}">${escapeXml(spec.subline)}</text>
</svg>`;
}
