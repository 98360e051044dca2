/**
 * Words of the checkout: the cart, the order summary, Pay and what follows the gateway (STYLE 3:
 * components hold no copy; product-spec sections 2, 4 and 8, DECISIONS 13). Apart from the shop's
 * shared words in `./shop`, so the other shop pages do not load them (issue 20's budget).
 */

/** The Checkout page. */
export const checkoutText = {
  loading: 'Loading your cart…',
  loadFailed: 'We could not load your cart.',
  signInHeading: 'Sign in to see your cart',
  signInText: 'Your cart is kept with your account. Sign in to review it and check out.',
  cartHeading: 'Your cart',
  cartRegion: 'Courses in your cart',
  /** Product-spec section 8, word for word. */
  empty: 'Your cart is empty',
  emptyText: 'Browse our training courses and add the ones you want to learn.',
  browse: 'Browse training courses',
  deleteLabel: 'Delete',
  deleteFor: (name: string) => ` ${name} from your cart`,
  deleting: 'Deleting…',
  removed: (name: string) => `${name} was removed from your cart.`,
  summaryHeading: 'Order summary',
  summaryLoading: 'Loading the billing form…',
  items: (n: number) => (n === 1 ? '1 course' : `${n} courses`),
  total: 'Total',
  billingHeading: 'Billing details',
  billingIntro: 'As your tax invoice will show them. This browser remembers them for your next order.',
  /** DECISIONS 62: kept on the account, for a checkout on any device; changed or forgotten on /account. */
  saveBilling: 'Save these details to my account for my next checkout',
  addressIntro: 'Your tax invoice must show your billing address.',
  taxable: 'Taxable value',
  tax: (label: string, ratePct: number) => `${label} ${ratePct}%`,
  exportTax: 'Export: no GST',
  taxPending: 'Choose your state to see the tax.',
  taxNote:
    'Buyers in India pay in rupees, GST included. Outside India you pay in US dollars and there is no GST: the course is an export.',
  pay: (total: string) => `Pay ${total}`,
  paying: 'Opening the payment page…',
  payNote:
    'You pay on Razorpay’s secure page: cards, UPI or netbanking. Your tax invoice is ready as soon as you have paid.',
  changedHeading: 'Your cart changed. Check it and continue.',
  changedText: 'It was changed in another tab or on another device. Nothing was charged.',
  failedHeading: 'Your payment did not go through',
  failedText:
    'No order was placed and your cart is as it was: try again, or choose another way to pay. If money did leave your account, do not pay again: your order will appear in your purchase history within a few minutes, or contact us.',
  cancelledHeading: 'Payment cancelled',
  cancelledText: 'You left the payment page before paying. Your cart is as it was: pay when you are ready.',
  placedHeading: 'Your order is placed',
  /** Product-spec section 8's toast, with its slip corrected (DECISIONS 41), then what to do next. */
  placedText: (orderNo: string) =>
    `Thanks for choosing us. Your order has been placed. Order ${orderNo} is in your purchase history: open its tax invoice to print it or save it as a PDF.`,
  placedPaid: (amount: string, count: string) => `Paid ${amount} for ${count}.`,
  placedMissingHeading: 'We could not find this order',
  placedMissingText:
    'There is no order with this number in your account. If you have just paid, check your purchase history in a minute, or contact us.',
  viewInvoice: 'View invoice',
  history: 'Purchase history',
  /** Coming back without the gateway's answer (issue 28): the page asks what became of the payment. */
  confirming: 'We are confirming your payment.',
  /** Refunded, or only authorised and never taken (the status call's sentence says which). */
  refundedHeading: 'Your payment was returned',
  refundedOrder: (orderNo: string) => `Your order ${orderNo} stands as it was.`,
  unconfirmedHeading: 'We have not heard of a payment yet',
  unconfirmedText:
    'If you paid, do not pay again: your order will show here and in your purchase history within a few minutes, and we will e-mail you. If you left the payment page without paying, go back to your cart.',
  checkAgain: 'Check again',
  extraRefundedHeading: 'Your extra payment was returned',
  extraRefundedText:
    'This order was already paid, so the payment you have just made was refunded in full. We have e-mailed you about it.',
  backToCart: 'Back to your cart',
} as const;
