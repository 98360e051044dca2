/**
 * Words of the purchase history, the invoice and the credit note (STYLE 3: components hold no copy;
 * product-spec sections 4 and 8, DECISIONS 13). Apart from the cart's words in `./shop`, so the
 * checkout does not load them (issue 20's budget).
 */

/** The Purchase history page. */
export const historyText = {
  loading: 'Loading your purchases…',
  loadFailed: 'We could not load your purchases.',
  signInHeading: 'Sign in to see your purchases',
  signInText: 'Your orders and their tax invoices are kept with your account.',
  /** Product-spec section 8, word for word. */
  empty: 'No course purchased',
  emptyText: 'Courses you buy will be listed here with their orders and invoices.',
  browse: 'Browse training courses',
  listLabel: 'Your orders, newest first',
  order: (orderNo: string) => `Order ${orderNo}`,
  orderNumber: 'Order number',
  date: 'Date',
  course: 'Course',
  pricePaid: 'Price paid',
  orderTotal: 'Order total',
  invoice: 'Invoice',
  refunded: (amount: string, date: string) => `Refunded ${amount} on ${date}.`,
  refundPending: (amount: string, date: string) =>
    `Refund of ${amount} pending since ${date}. Its credit note follows once the bank confirms it.`,
  creditNote: (creditNoteNo: string) => `Credit note ${creditNoteNo}`,
} as const;

/** The Credit note page (issue 28, DECISIONS 49): a refund's GST credit note, printed as the invoice is. */
export const creditNoteText = {
  loading: 'Loading your credit note…',
  loadFailed: 'We could not load this credit note.',
  signInHeading: 'Sign in to see this credit note',
  signInText: 'Only the account that placed the order can open its credit notes.',
  notFoundHeading: 'Credit note not found',
  notFoundText:
    'There is no credit note with this number in your account. Check the link, or open it from your purchase history.',
  title: 'Credit Note',
  /** The browser tab's and the saved PDF's name. */
  documentTitle: (creditNoteNo: string, seller: string) => `Credit Note ${creditNoteNo} - ${seller}`,
  watermark: 'CREDIT NOTE',
  number: 'Credit note number',
  date: 'Credit note date',
  originalInvoice: 'Against invoice',
  reason: 'Reason for the refund',
  total: 'Total refunded',
  note: 'This is a system generated credit note (CGST Act, section 34) and does not require a signature or a digital signature',
} as const;

/** The Invoice page. */
export const invoiceText = {
  loading: 'Loading your invoice…',
  loadFailed: 'We could not load this invoice.',
  signInHeading: 'Sign in to see this invoice',
  signInText: 'Only the account that placed the order can open its invoice.',
  notFoundHeading: 'Invoice not found',
  notFoundText:
    'There is no invoice with this number in your account. Check the link, or open the invoice from your purchase history.',
  history: 'Go to purchase history',
  print: 'Print',
  title: 'Tax Invoice',
  /** The browser tab's and the saved PDF's name. */
  documentTitle: (orderNo: string, seller: string) => `Tax Invoice ${orderNo} - ${seller}`,
  /** DECISIONS 13, word for word. */
  watermark: 'TAX INVOICE',
  gstin: 'GSTIN',
  pan: 'PAN',
  bankHeading: 'Bank details',
  accountName: 'Account name',
  bankName: 'Bank',
  branch: 'Branch',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
  billTo: 'Bill To',
  invoiceNo: 'Invoice number',
  invoiceDate: 'Invoice date',
  /** Product-spec section 2, word for word. */
  amountStatus: 'Amount Status',
  placeOfSupply: 'Place of supply',
  paymentReference: 'Payment reference',
  testPayment: '(test payment: no money moved)',
  exportTax: 'IGST (export under LUT)',
  linesLabel: 'Courses on this invoice',
  description: 'Course description',
  sac: 'SAC',
  price: 'Price',
  qty: 'Qty',
  taxableValue: 'Taxable value',
  totalAmount: 'Total amount',
  tax: (label: string, ratePct: number) => `${label} @ ${ratePct}%`,
  total: 'Total',
  inWords: 'Amount in words',
  /** A USD invoice's value in rupees (CGST Rule 34; DECISIONS 47): the figures, then the rate and its source. */
  rupeeValue: 'Value in rupees',
  rupeeRate: (rate: string, source: string) => `at ₹${rate} per US dollar (${source})`,
  /** Product-spec section 2, word for word. */
  note: 'This is a system generated invoice and does not require a signature or a digital signature',
} as const;
