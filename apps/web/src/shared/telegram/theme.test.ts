import { describe, expect, it } from 'vitest';
import { applyTelegramTheme, isDarkColour, telegramThemeTokens } from './theme';

const iosDark = {
  bg_color: '#000000',
  text_color: '#FFFFFF',
  hint_color: '#98989e',
  link_color: '#3e88f7',
  button_color: '#3e88f7',
  button_text_color: '#ffffff',
  secondary_bg_color: '#1c1c1d',
  section_separator_color: '#545458',
  destructive_text_color: '#eb5545',
  accent_text_color: '#3e88f7',
};

describe("Telegram's theme on the product's tokens", () => {
  it('maps the colours Telegram sends', () => {
    expect(telegramThemeTokens(iosDark)).toEqual({
      '--bg': '#000000',
      '--fg': '#ffffff',
      '--surface': '#1c1c1d',
      '--surface-2': 'color-mix(in srgb, #1c1c1d 88%, #ffffff)',
      '--border': '#545458',
      '--muted': '#98989e',
      '--accent': '#3e88f7',
      '--accent-fg': '#ffffff',
      '--accent-text': '#3e88f7',
      '--danger': '#eb5545',
    });
  });

  it('falls back to related colours and leaves out what is missing or not a colour', () => {
    const tokens = telegramThemeTokens({
      bg_color: '#ffffff',
      text_color: '#000000',
      section_bg_color: '#f0f0f0',
      subtitle_text_color: '#707579',
      link_color: '#2481cc',
      button_color: 'red',
    });
    expect(tokens['--surface']).toBe('#f0f0f0');
    expect(tokens['--muted']).toBe('#707579');
    expect(tokens['--accent-text']).toBe('#2481cc');
    expect(tokens['--border']).toBe('color-mix(in srgb, #ffffff 82%, #000000)');
    expect(tokens).not.toHaveProperty('--accent');
    expect(tokens).not.toHaveProperty('--danger');
  });

  it('applies the tokens on the root, replaces them when the theme changes and tells light from dark', () => {
    const root = document.createElement('html');
    expect(applyTelegramTheme(iosDark, root)).toBe('dark');
    expect(root.style.getPropertyValue('--bg')).toBe('#000000');
    expect(root.style.getPropertyValue('--danger')).toBe('#eb5545');
    expect(applyTelegramTheme({ bg_color: '#ffffff', button_color: '#2481cc' }, root)).toBe('light');
    expect(root.style.getPropertyValue('--bg')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--accent')).toBe('#2481cc');
    expect(root.style.getPropertyValue('--danger')).toBe('');
    expect(applyTelegramTheme({}, root)).toBeNull();
  });

  it('knows dark colours', () => {
    expect(isDarkColour('#17212b')).toBe(true);
    expect(isDarkColour('#ffffff')).toBe(false);
  });
});
