/**
 * Words of the sign-in / sign-up / password-reset forms (the dialog and /login) and of the account
 * page's e-mail change. Components hold no copy (STYLE 3); hints of individual fields live with
 * their rules in `~/lib/shared/schemas/account` because the server answers with the same ones.
 */
export const accountFormCopy = {
  /**
   * Dialog and panel titles: product-spec section 2's, with one name for each step everywhere
   * (DECISIONS 28, 41): Sign in, Sign up.
   */
  titles: { signin: 'Sign in', signup: 'Sign up', forgot: 'Reset Password' },
  close: 'Close',
  signIn: {
    intro: 'Sign in to see your cart, check out and open your invoices.',
    login: 'E-mail or mobile number',
    password: 'Password',
    submit: 'Sign in',
    busy: 'Signing in…',
    forgot: 'Forgot password?',
    noAccount: 'New here?',
    createAccount: 'Sign up',
  },
  signUp: {
    intro: 'We e-mail you a six-digit code to confirm the address.',
    name: 'Name',
    mobile: 'Mobile number',
    mobileHelp: '10 digits; +91 or 0 in front is fine. Outside India: + and your country code.',
    email: 'E-mail',
    password: 'Password',
    passwordHelp: 'At least 8 characters, and not a commonly used password.',
    repassword: 'Re-enter password',
    submit: 'Sign up',
    busy: 'Sending code…',
    haveAccount: 'Already have an account?',
    loginHere: 'Sign in',
    codeSent: (email: string) =>
      email
        ? `We sent a verification code to ${email}. It is valid for 10 minutes.`
        : 'We sent a verification code to your e-mail. It is valid for 10 minutes.',
    code: 'Verification code',
    finish: 'Finish',
    finishing: 'Finishing…',
    cancel: 'Cancel',
  },
  forgot: {
    intro: 'Enter the e-mail address of your account. If we know it, we e-mail you a six-digit code.',
    email: 'E-mail',
    sendCode: 'Send code',
    sending: 'Sending code…',
    codeSent: (email: string) =>
      `If ${email || 'that address'} belongs to an account, a code is on its way. It is valid for 10 minutes.`,
    code: 'Verification code',
    password: 'New password',
    passwordHelp: 'At least 8 characters, and not a commonly used password.',
    repassword: 'Re-enter new password',
    submit: 'Set password and sign in',
    busy: 'Saving…',
    backToSignIn: 'Back to sign in',
  },
  /**
   * 'Send the code again' on every e-mailed-code step (issue 42, item 6): offered a minute after a
   * code was sent, the wait said beside it (not announced every second), and once when it ends.
   */
  resend: {
    button: 'Send the code again',
    sending: 'Sending a new code…',
    wait: (seconds: number) =>
      seconds === 1
        ? 'You can ask for a new code in 1 second.'
        : `You can ask for a new code in ${seconds} seconds.`,
    ready: 'You can now ask for a new code.',
    /** Sign-up and e-mail change: the address is the visitor's own. */
    sent: (email: string) =>
      `We sent a new code to ${email}. Use the newest code: the one before no longer works.`,
    /** Password reset: as the first answer, whether or not the address has an account (DECISIONS 28). */
    sentIfKnown: (email: string) =>
      `If ${email || 'that address'} belongs to an account, a new code is on its way. Use the newest code: the one before no longer works.`,
    /** Sign-up after a reload: the details (the password among them) are not kept on the page. */
    lostDetails:
      'This page was reloaded, so it no longer has your sign-up details. Press Cancel and send them again for a new code.',
  },
  /** The /login page when the visitor is already signed in. */
  signedIn: {
    message: (name: string) => `You are signed in as ${name}.`,
    continue: 'Continue',
  },
  /** Announced when a step changes, for screen readers. */
  errorsHeading: 'Please check the following:',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
