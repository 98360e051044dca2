/** Keys of the browser's local storage the site uses (product-spec section 3). */
export const LOCAL_STORAGE_KEYS = {
  /** Cached `{userid, username}` for display only (DECISIONS 4). */
  user: 'user',
  /** Cached cart. */
  course: 'course',
  /** Last clicked navigation item. */
  navFor: 'navfor',
  /** 'true' when the login dialog opens in sign-in mode. */
  loginType: 'logintype',
  /** The billing details last paid with, and whose they are (issue 18: asked once, remembered). */
  billing: 'billing',
} as const;

/** Keys of the browser's session storage the site uses. */
export const SESSION_STORAGE_KEYS = {
  /** A message for the next page this tab opens (a sign-out, a sign-in that navigates). */
  flash: 'flash',
  /** The e-mailed code waiting to be typed, so a reload during step 2 keeps it (product-spec section 3). */
  pendingCode: 'usercode',
  /** The payment this tab left to make at the gateway (issue 28), until its outcome is shown. */
  payment: 'payment',
  /**
   * The currency this tab shows first, `inr` or `usd` (issue 42, item 4), decided once per tab by
   * `LikelyCurrency.astro`'s inline script so later pages skip the time zone look-up.
   */
  currency: 'currency',
} as const;
