/**
 * Words of the header, the account menu and what the visitor is told after an account step. The
 * forms' words are in `./account-forms`, loaded with the forms only (issue 20's budget: the header
 * and every shop page read this file). Components hold no copy (STYLE 3).
 */
export const headerCopy = {
  /** Phone-width button that opens the navigation. */
  menuButton: 'Menu',
  navigationLabel: 'Main',
  /** The account control when nobody is signed in. */
  signIn: 'Sign in',
  /** Read before the user's name on the account button: "Account: Priya Deshmukh". */
  accountMenuPrefix: 'Account: ',
  myCart: 'My cart',
  purchaseHistory: 'Purchase history',
  /** The batches the user bought or was enrolled in (DECISIONS 56). */
  myCourses: 'My courses',
  /** The customer's own account: details, devices, data (DECISIONS 62-63). */
  yourAccount: 'Your account',
  /** Staff only (DECISIONS 39): the company console. */
  console: 'Console',
  signOut: 'Sign out',
  /** Accessible name of the cart link in the bar. */
  cartLink: (count: number) =>
    count === 0 ? 'My cart, empty' : `My cart, ${count} ${count === 1 ? 'course' : 'courses'}`,
} as const;

/** Addresses the account menu leads to. */
export const accountLinks = {
  cart: '/checkout',
  purchaseHistory: '/purchasehistory',
  myCourses: '/my-courses',
  yourAccount: '/account',
  console: '/console',
  /** The sign-in page; the dialog's no-JavaScript fallback. */
  login: '/login',
} as const;

/** What the visitor is told after an account step succeeds (issue 23, item 5). */
export const accountMessages = {
  welcome: (name: string | undefined) =>
    name ? `Account created. Welcome, ${name}.` : 'Account created. Welcome.',
  passwordChanged: 'Password changed. You are signed in.',
  signedOut: 'You have signed out.',
  /** The sign-in dialog's code did not arrive (offline, or a load that failed or never ended). */
  dialogDidNotLoad: 'The sign-in form could not be loaded. Check your connection and try again.',
} as const;
