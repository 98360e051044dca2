/**
 * Every text the shop's islands show (STYLE 3: components hold no copy). Texts the spec quotes
 * are word for word (product-spec sections 2, 4 and 8; DECISIONS 13); the rest is ours.
 */
import { groupIndian } from '~/lib/shared/digit-groups';

/** Read by assistive technology after a link that opens a new tab. */
const NEW_TAB = 'opens in a new tab';

/** The Add to cart control on course pages and training cards. */
export const addToCartText = {
  add: 'Add to cart',
  adding: 'Adding…',
  inCart: 'In your cart',
  goToCheckout: 'Check out',
  purchased: 'Purchased',
  viewInvoice: 'View invoice',
  /** The button's accessible name: its visible text, then the course (cards repeat the button). */
  addLabel: (visible: string, name: string) => `${visible}: ${name}`,
} as const;

/** The facts under a course's name on its card and page: "Beginner", "40 hours", "312 reviews". */
export const courseFactsText = {
  level: 'Level',
  duration: 'Duration',
  hours: (n: number) => `${n} hours`,
  /** Said to screen readers only: the visible figure already reads "312 reviews". */
  reviews: 'Reviews',
} as const;

/** Shared by the shop's pages. */
export const shopText = {
  newTab: NEW_TAB,
  signIn: 'Sign in',
  retry: 'Try again',
  reviews: (n: number) => (n === 1 ? '1 review' : `${groupIndian(n)} reviews`),
  regularFee: 'Regular fee',
  now: ', now',
  /** The price in the other currency, beside the one shown first (DECISIONS 46). */
  otherPrice: (amount: string, currency: string) =>
    `${amount} ${currency} ${currency === 'INR' ? 'in India' : 'outside India'}`,
  /** Invoice link text; the order number is read only by assistive technology. */
  invoiceFor: (orderNo: string) => ` for order ${orderNo}`,
} as const;
