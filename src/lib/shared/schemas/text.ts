/*
 * Rules for free text people type. One-line fields (names, e-mail addresses) reach mail subjects
 * and logs, where control, bidirectional and zero-width characters can forge or hide text: they
 * are refused. Multi-line text keeps its line breaks and loses every other such character.
 */

/** Control characters, format characters (bidi overrides, zero-width) and Unicode line separators. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const INVISIBLE_OR_CONTROL_ALL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** True when `value` holds a character nobody can see or that controls how text is shown. */
export function hasInvisibleOrControl(value: string): boolean {
  return INVISIBLE_OR_CONTROL.test(value);
}

/** The sentence for a one-line field with such a character, e.g. `Name`. */
export function visibleCharactersOnly(field: string): string {
  return `${field} can only contain letters, digits, spaces and punctuation.`;
}

/** Multi-line text with `\n` line breaks kept (`\r\n` and `\r` become `\n`) and nothing else invisible. */
export function keepLineBreaksOnly(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\t/g, ' ').replace(INVISIBLE_OR_CONTROL_ALL, ''))
    .join('\n');
}
