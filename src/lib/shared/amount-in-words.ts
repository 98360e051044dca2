/**
 * Amounts in words for invoices: `13950` cents -> `US Dollars One Hundred Thirty-Nine and Fifty Cents
 * Only`; `1199900` paise -> `Indian Rupees Eleven Thousand Nine Hundred Ninety-Nine Only`.
 */
import type { Cents } from '~/lib/shared/money';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const SCALES = [
  [1_000_000_000, 'Billion'],
  [1_000_000, 'Million'],
  [1_000, 'Thousand'],
] as const;

/** 0-999 in words: `139` -> `One Hundred Thirty-Nine`. */
function belowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} Hundred`);
  const rest = n % 100;
  if (rest > 0 && rest < 20) words.push(ONES[rest]!);
  if (rest >= 20)
    words.push(rest % 10 === 0 ? TENS[rest / 10]! : `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}`);
  return words.join(' ');
}

/** A whole number in English words (international scale): `1250` -> `One Thousand Two Hundred Fifty`. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole, non-negative number: ${n}`);
  if (n === 0) return ONES[0]!;
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      words.push(`${numberInWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** An amount in cents as an invoice writes it out. */
export function usdInWords(cents: Cents): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const cent = rest === 0 ? '' : ` and ${numberInWords(rest)} Cent${rest === 1 ? '' : 's'}`;
  return `US Dollars ${numberInWords(dollars)}${cent} Only`;
}

const INDIAN_SCALES = [
  [10_000_000, 'Crore'],
  [100_000, 'Lakh'],
  [1_000, 'Thousand'],
] as const;

/** A whole number in English words on the Indian scale: `1250000` -> `Twelve Lakh Fifty Thousand`. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole, non-negative number: ${n}`);
  if (n === 0) return ONES[0]!;
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of INDIAN_SCALES) {
    if (rest >= size) {
      words.push(`${numberInIndianWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** An amount in paise as an invoice writes it out: `1199950` -> `Indian Rupees Eleven Thousand ... and Fifty Paise Only`. */
export function inrInWords(paise: Cents): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paisa = rest === 0 ? '' : ` and ${numberInWords(rest)} Paise`;
  return `Indian Rupees ${numberInIndianWords(rupees)}${paisa} Only`;
}
