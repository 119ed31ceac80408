/**
 * Product-like illustrations for the demo catalogue, drawn as SVG (rendered to WebP by sharp): a
 * soft studio background, a floor shadow and the object in a few shaded shapes. Text is Latin only
 * (the server may have no CJK fonts).
 */
export type ArtKind =
  'headphones' | 'watch' | 'hoodie' | 'mug' | 'backpack' | 'speaker' | 'giftcard' | 'gamepad' | 'ticket' | 'crown';

export interface ArtSpec {
  kind: ArtKind;
  /** Main colour of the object. */
  color: string;
  /** Background tint. */
  tint: string;
  /** A short Latin label some objects carry (a card's brand, a membership's days). */
  label?: string;
}

const SIZE = 512;

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function object(spec: ArtSpec): string {
  const c = spec.color;
  const light = shade(c, 0.35);
  const dark = shade(c, -0.35);
  const label = escapeXml(spec.label ?? '');
  switch (spec.kind) {
    case 'headphones':
      return `
  <path d="M146 290 C146 150 366 150 366 290" fill="none" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>
  <path d="M150 286 C150 160 362 160 362 286" fill="none" stroke="${light}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
  <rect x="112" y="262" width="78" height="128" rx="36" fill="url(#body)"/>
  <rect x="322" y="262" width="78" height="128" rx="36" fill="url(#body)"/>
  <rect x="170" y="276" width="26" height="100" rx="12" fill="${dark}"/>
  <rect x="316" y="276" width="26" height="100" rx="12" fill="${dark}"/>
  <ellipse cx="140" cy="300" rx="10" ry="26" fill="#ffffff" opacity="0.35"/>`;
    case 'watch':
      return `
  <rect x="206" y="96" width="100" height="120" rx="22" fill="${dark}"/>
  <rect x="206" y="300" width="100" height="120" rx="22" fill="${dark}"/>
  <rect x="166" y="170" width="180" height="180" rx="48" fill="#1f2937"/>
  <rect x="180" y="184" width="152" height="152" rx="38" fill="url(#screen)"/>
  <circle cx="256" cy="260" r="50" fill="none" stroke="${light}" stroke-width="12" stroke-dasharray="220 400" stroke-linecap="round"/>
  <circle cx="256" cy="260" r="32" fill="none" stroke="#34d399" stroke-width="10" stroke-dasharray="140 400" stroke-linecap="round"/>
  <rect x="346" y="226" width="12" height="44" rx="5" fill="#374151"/>`;
    case 'hoodie':
      return `
  <path d="M196 120 Q256 170 316 120 L392 160 L436 300 L388 318 L366 250 L366 420 L146 420 L146 250 L124 318 L76 300 L120 160 Z" fill="url(#body)"/>
  <path d="M196 120 Q256 210 316 120 Q300 100 256 100 Q212 100 196 120 Z" fill="${dark}"/>
  <rect x="196" y="330" width="120" height="54" rx="14" fill="${dark}" opacity="0.55"/>
  <line x1="240" y1="176" x2="236" y2="236" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>
  <line x1="272" y1="176" x2="276" y2="236" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>
  <text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff" opacity="0.9">${label}</text>`;
    case 'mug':
      return `
  <path d="M352 210 Q420 210 420 280 Q420 350 352 350" fill="none" stroke="${dark}" stroke-width="26"/>
  <rect x="130" y="170" width="236" height="240" rx="30" fill="url(#body)"/>
  <ellipse cx="248" cy="172" rx="118" ry="22" fill="${dark}"/>
  <ellipse cx="248" cy="176" rx="100" ry="14" fill="#6b3f1d"/>
  <path d="M210 140 Q196 110 214 90 M250 140 Q236 104 256 80 M290 140 Q276 110 294 90" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.55"/>
  <text x="248" y="310" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${label}</text>`;
    case 'backpack':
      return `
  <path d="M206 120 Q206 80 256 80 Q306 80 306 120" fill="none" stroke="${dark}" stroke-width="16"/>
  <rect x="150" y="116" width="212" height="296" rx="70" fill="url(#body)"/>
  <rect x="182" y="268" width="148" height="112" rx="30" fill="${dark}"/>
  <rect x="200" y="286" width="112" height="8" rx="4" fill="${light}"/>
  <rect x="210" y="160" width="92" height="40" rx="14" fill="${light}" opacity="0.5"/>`;
    case 'speaker':
      return `
  <rect x="160" y="100" width="192" height="320" rx="40" fill="url(#body)"/>
  <circle cx="256" cy="320" r="66" fill="#111827"/>
  <circle cx="256" cy="320" r="44" fill="${dark}"/>
  <circle cx="256" cy="320" r="16" fill="#111827"/>
  <circle cx="256" cy="180" r="34" fill="#111827"/>
  <circle cx="256" cy="180" r="16" fill="${dark}"/>
  <rect x="176" y="112" width="20" height="290" rx="10" fill="#ffffff" opacity="0.18"/>`;
    case 'giftcard':
      return `
  <g transform="rotate(-8 256 260)">
    <rect x="86" y="150" width="340" height="214" rx="24" fill="url(#body)"/>
    <rect x="118" y="214" width="56" height="42" rx="8" fill="#fbbf24"/>
    <line x1="118" y1="235" x2="174" y2="235" stroke="#b45309" stroke-width="3"/>
    <text x="398" y="204" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#ffffff">${label}</text>
    <text x="118" y="330" font-family="DejaVu Sans Mono, monospace" font-size="22" fill="#ffffff" opacity="0.85">**** 2026</text>
    <circle cx="380" cy="320" r="22" fill="#ffffff" opacity="0.35"/><circle cx="350" cy="320" r="22" fill="#ffffff" opacity="0.55"/>
  </g>`;
    case 'gamepad':
      return `
  <path d="M140 200 Q256 170 372 200 Q440 220 446 320 Q450 396 396 396 Q360 396 336 340 L176 340 Q152 396 116 396 Q62 396 66 320 Q72 220 140 200 Z" fill="url(#body)"/>
  <rect x="130" y="258" width="66" height="20" rx="6" fill="#111827"/>
  <rect x="153" y="235" width="20" height="66" rx="6" fill="#111827"/>
  <circle cx="354" cy="244" r="13" fill="#f87171"/><circle cx="384" cy="272" r="13" fill="#60a5fa"/>
  <circle cx="324" cy="272" r="13" fill="#34d399"/><circle cx="354" cy="300" r="13" fill="#fbbf24"/>
  <text x="256" y="244" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff" opacity="0.85">${label}</text>`;
    case 'ticket':
      return `
  <g transform="rotate(6 256 260)">
    <path d="M96 170 H416 V230 A30 30 0 0 0 416 290 V350 H96 V290 A30 30 0 0 0 96 230 Z" fill="url(#body)"/>
    <line x1="330" y1="180" x2="330" y2="340" stroke="#ffffff" stroke-width="4" stroke-dasharray="10 10" opacity="0.7"/>
    <polygon points="200,222 230,260 200,298" fill="#ffffff"/>
    <text x="372" y="270" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#ffffff" transform="rotate(-90 372 262)">${label}</text>
  </g>`;
    case 'crown':
      return `
  <circle cx="256" cy="262" r="150" fill="url(#body)"/>
  <circle cx="256" cy="262" r="126" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.45"/>
  <path d="M168 250 L196 170 L236 220 L256 150 L276 220 L316 170 L344 250 Z" fill="#fde68a" stroke="#b45309" stroke-width="5" stroke-linejoin="round"/>
  <rect x="168" y="250" width="176" height="22" rx="6" fill="#fbbf24"/>
  <text x="256" y="340" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="800" fill="#ffffff">${label}</text>`;
  }
}

/** The illustration of one prize as SVG text. */
export function prizeArtSvg(spec: ArtSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="bg" cx="0.35" cy="0.3" r="0.9">
      <stop offset="0" stop-color="${shade(spec.tint, 0.75)}"/><stop offset="1" stop-color="${shade(spec.tint, 0.15)}"/>
    </radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(spec.color, 0.3)}"/><stop offset="1" stop-color="${shade(spec.color, -0.25)}"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e293b"/>
    </linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="14"/></filter>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <ellipse cx="256" cy="448" rx="170" ry="24" fill="#000000" opacity="0.22" filter="url(#blur)"/>
  ${object(spec)}
</svg>`;
}
