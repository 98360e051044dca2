/**
 * Words of the billing details form (the checkout's and the account page's; STYLE 3). Apart from
 * the cart's words in `./shop`: they load with the form.
 */

/** The billing fields' labels, at checkout and on /account (one set: the same fields and rules). */
export const billingFieldText = {
  name: 'Name on the invoice',
  country: 'Country',
  state: 'State or union territory',
  stateChoose: 'Choose…',
  gstin: 'GSTIN (optional)',
  gstinHelp: 'Only for a business registered in India: 15 characters, e.g. 27AAPFU0939F1ZV.',
  address: 'Address',
  city: 'City',
  postalCode: 'PIN or postal code',
} as const;
