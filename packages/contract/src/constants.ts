/** Business constants and limits of spec section 9. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const EMAIL_CODE_COUNTDOWN_S = 60;
export const TOAST_DURATION_MS = 5_000;
export const GUIDE_NEXT_LOCK_MS = 30_000;
export const SIGN_IN_POPUP_DELAY_MS = 1_000;
export const LOGIN_DIALOG_RESET_MS = 300;
export const LOGIN_FLAG_CLEAR_MS = 1_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Wide layout from this width on; below it the base font is width / 31.25. */
export const WIDE_LAYOUT_MIN_PX = 900;

/** The header shows counts above this as `K+`. */
export const HEADER_COUNT_K_THRESHOLD = 1_000;
