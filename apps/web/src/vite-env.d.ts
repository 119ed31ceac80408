/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own. */
  readonly VITE_API_BASE?: string;
  /** The request-signing secret; must match the server's SIGN_SECRET. */
  readonly VITE_SIGN_SECRET?: string;
}
