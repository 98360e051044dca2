/**
 * Window events the islands and stores use to wake an island that hydrates on intent
 * (`client:intent`, issue 20).
 */

/** Asks for the notifications host (toasts, the spinner): a toast is raised or a request starts. */
export const NOTIFICATIONS_NEEDED = 'sis:notifications-needed';

/** Asks for the header's account island, which holds the account dialog (Add to cart while signed out). */
export const HEADER_NEEDED = 'sis:header-needed';

/**
 * An island's code could not be loaded (offline, a failed chunk): dispatched by `client:intent`
 * with the island's wake event as `detail` (`HEADER_NEEDED`: the account dialog will not come).
 */
export const ISLAND_FAILED = 'sis:island-failed';

/** Someone signed in on this page: a shop page's island shows their cart, orders or invoice. */
export const SIGNED_IN = 'sis:signed-in';

/** Dispatches one of these events (nothing on the server, where there is no island to wake). */
export function askForIsland(
  event: typeof NOTIFICATIONS_NEEDED | typeof HEADER_NEEDED | typeof SIGNED_IN,
): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(event));
}
