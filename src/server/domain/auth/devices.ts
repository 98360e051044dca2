/**
 * A signed-in device in words for the account page (docs/api.md, "Your account"): the browser and
 * system a session was started from, such as 'Chrome on Android', read from its User-Agent by
 * `bowser` (a maintained parser; the list of browsers changes every year). Kept with the session,
 * never the User-Agent itself: the words are all the page shows, and all the download holds.
 */
import Bowser from 'bowser';

/** What a session started without a User-Agent (a script, a test) shows. */
export const UNKNOWN_DEVICE = 'An unknown browser';

/** At most this many characters of each part, so an odd User-Agent cannot fill the page. */
const PART_MAX = 40;

/** 'Chrome on Android', 'Safari on iOS', 'Firefox', or 'An unknown browser'. */
export function deviceOf(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(agent);
  const browser = parsed.browser.name?.slice(0, PART_MAX);
  const system = parsed.os.name?.slice(0, PART_MAX);
  if (browser && system) return `${browser} on ${system}`;
  return browser || (system ? `A browser on ${system}` : UNKNOWN_DEVICE);
}
