/**
 * The sections of a language file that the app shell and /Home show: they load first, the rest of the
 * language (about three quarters of it) loads with the first other page or dialog (`withAllTexts`).
 * A section used by anything the shell or /Home renders at once must be listed here; `npm run
 * bench:first-screen` and the e2e journeys show a key instead of its text when one is missing.
 */
export const FIRST_SCREEN_SECTIONS = [
  'a2hs',
  'app',
  'auth',
  'checkIn',
  'common',
  'errors',
  'header',
  'home',
  'identities',
  'lang',
  'nav',
  'pages',
  'points',
  'routes',
  'theme',
  'video',
] as const;
