/** Telegram's theme parameters (snake case, as Telegram sends them), `#rrggbb` each. */
export type TelegramThemeParams = Partial<Record<string, string | undefined>>;

/** The product's colour tokens (styles.css) that Telegram's theme replaces. */
export const THEME_TOKENS = [
  '--bg',
  '--surface',
  '--surface-2',
  '--border',
  '--fg',
  '--muted',
  '--accent',
  '--accent-fg',
  '--accent-text',
  '--danger',
] as const;
export type ThemeToken = (typeof THEME_TOKENS)[number];

const HEX = /^#[0-9a-f]{6}$/i;

function colour(params: TelegramThemeParams, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = params[key]?.trim();
    if (value && HEX.test(value)) return value.toLowerCase();
  }
  return undefined;
}

/** True when `hex` (#rrggbb) is a dark colour (relative luminance below the middle). */
export function isDarkColour(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/**
 * The product's tokens in Telegram's colours: page background, cards, text, hints, the primary button and
 * links. A token Telegram gives no colour for is left out (the product's own value stays).
 */
export function telegramThemeTokens(params: TelegramThemeParams): Partial<Record<ThemeToken, string>> {
  const tokens: Partial<Record<ThemeToken, string>> = {};
  const bg = colour(params, 'bg_color');
  const fg = colour(params, 'text_color');
  const surface = colour(params, 'secondary_bg_color', 'section_bg_color');
  if (bg) tokens['--bg'] = bg;
  if (fg) tokens['--fg'] = fg;
  if (surface) tokens['--surface'] = surface;
  if (surface && fg) tokens['--surface-2'] = `color-mix(in srgb, ${surface} 88%, ${fg})`;
  const separator = colour(params, 'section_separator_color');
  if (separator) tokens['--border'] = separator;
  else if (bg && fg) tokens['--border'] = `color-mix(in srgb, ${bg} 82%, ${fg})`;
  const muted = colour(params, 'hint_color', 'subtitle_text_color');
  if (muted) tokens['--muted'] = muted;
  const button = colour(params, 'button_color');
  if (button) tokens['--accent'] = button;
  const buttonText = colour(params, 'button_text_color');
  if (buttonText) tokens['--accent-fg'] = buttonText;
  const accentText = colour(params, 'accent_text_color', 'link_color');
  if (accentText) tokens['--accent-text'] = accentText;
  const danger = colour(params, 'destructive_text_color');
  if (danger) tokens['--danger'] = danger;
  return tokens;
}

/** Puts Telegram's colours on <html> (over the [data-theme] values) and says whether the theme is dark. */
export function applyTelegramTheme(params: TelegramThemeParams, root: HTMLElement): 'light' | 'dark' | null {
  const tokens = telegramThemeTokens(params);
  for (const token of THEME_TOKENS) {
    const value = tokens[token];
    if (value) root.style.setProperty(token, value);
    else root.style.removeProperty(token);
  }
  const bg = tokens['--bg'];
  return bg ? (isDarkColour(bg) ? 'dark' : 'light') : null;
}
