/*
 * The name rule of mail to people who did not ask for it (DECISIONS 59): a name someone else
 * typed (the buyer's, or an attendee's as the buyer typed it) is put in such a mail only when it
 * is plainly a name: letters of any script, combining marks, spaces and . ' - (the typographic
 * apostrophe ’ too, which phones type for '), at most 60 characters, at least one letter. Anything
 * else (digits, ':' and '/', '@', brackets...) is how a link or an offer gets into a stranger's
 * inbox, so such a name reads 'your colleague' instead. Here, not in `src/server/`, so the attendee
 * form can say beforehand how a name will read.
 */

/** Characters a name that passes the rule may have, at most (DECISIONS 59). */
const NAME_RULE_MAX = 60;

/** What a mail to someone else says instead of a name that fails the rule (DECISIONS 59). */
export const NAME_FALLBACK = 'your colleague';

const NAME_PATTERN = /^[\p{L}\p{M} .'’-]+$/u;
const LETTER = /\p{L}/u;

/** True when `name` (trimmed) passes the name rule of DECISIONS 59. */
export function passesNameRule(name: string): boolean {
  const trimmed = name.trim();
  return [...trimmed].length <= NAME_RULE_MAX && NAME_PATTERN.test(trimmed) && LETTER.test(trimmed);
}

/**
 * A name as a mail to someone other than the person who typed it may carry it: the name, trimmed,
 * when it passes the rule, else `fallback` ('your colleague').
 */
export function nameForOthers(name: string, fallback: string = NAME_FALLBACK): string {
  return passesNameRule(name) ? name.trim() : fallback;
}
