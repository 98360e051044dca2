/**
 * The words of the Your account page (DECISIONS 62-63): profile, e-mail, password,
 * signed-in devices, billing details, the data download and closing the account. Hints of single
 * fields live with their rules in `~/lib/shared/schemas/` (the server answers with the same ones).
 */
export const accountPageText = {
  loading: 'Loading your account…',
  loadFailed: 'We could not load your account.',
  signInHeading: 'Sign in to see your account',
  signInText: 'Your details, devices and data are kept with your account.',
  saved: 'Saved.',
  fix: 'Please correct the highlighted fields.',
  cancel: 'Cancel',

  profile: {
    heading: 'Profile',
    intro: 'Your name is printed on your invoices unless you give another name for billing.',
    name: 'Name',
    mobile: 'Mobile number',
    mobileHelp: '10 digits; +91 or 0 in front is fine. Outside India: + and your country code.',
    save: 'Save',
    saving: 'Saving…',
  },

  email: {
    heading: 'E-mail',
    current: 'Your e-mail address',
    change: 'Change e-mail',
    intro:
      'We send a 6-digit code to the new address. Your address changes only once you type that code here.',
    newEmail: 'New e-mail address',
    password: 'Your password',
    send: 'Send code',
    sending: 'Sending code…',
    codeSent: (email: string) =>
      `We sent a 6-digit code to ${email}. It is valid for 10 minutes. Type it here to confirm the change.`,
    code: 'Code from the e-mail',
    confirm: 'Confirm',
    confirming: 'Confirming…',
    changed: (email: string, old: string) =>
      `Your e-mail address is now ${email}. We told your old address, ${old}, of the change.`,
  },

  password: {
    heading: 'Password',
    intro: 'Changing your password signs you out on every other device.',
    current: 'Current password',
    password: 'New password',
    passwordHelp: 'At least 8 characters, and not a commonly used password.',
    repassword: 'New password again',
    submit: 'Change password',
    busy: 'Changing…',
    changed: 'Password changed. Every other device is signed out.',
  },

  devices: {
    heading: 'Signed-in devices',
    intro:
      'Each browser where you are signed in. Sign out any you do not recognise, then change your password.',
    listLabel: 'Devices signed in to your account',
    thisDevice: 'This device',
    signedInOn: 'Signed in on',
    lastSeen: 'Last seen',
    signOut: 'Sign out',
    signOutNamed: (device: string, lastSeen: string) => ` ${device}, last seen ${lastSeen}`,
    signOutOthers: 'Sign out all other devices',
    signingOut: 'Signing out…',
    signedOut: 'That device is signed out.',
    othersSignedOut: 'Every other device is signed out.',
    onlyThis: 'You are signed in on this device only.',
    loading: 'Loading your devices…',
    loadFailed: 'We could not load your devices.',
    retry: 'Try again',
  },

  billing: {
    heading: 'Billing details',
    intro:
      'Saved details fill in the billing form of your next checkout. You can still change them there before you pay.',
    noneSaved: 'No billing details saved yet.',
    addressHeading: 'Billing address',
    addressIntro:
      'Needed with a GSTIN, for a buyer outside India, or for an order of Rs 50,000 or more. Leave it empty otherwise.',
    save: 'Save billing details',
    saving: 'Saving…',
    forget: 'Forget these details',
    forgetting: 'Forgetting…',
    forgotten: 'Billing details forgotten.',
  },

  data: {
    heading: 'Download my data',
    intro:
      'One JSON file with everything we hold on you: your profile, signed-in devices, cart, orders with their invoices and credit notes, payments, courses and attendee entries, messages you sent us and the privacy notices you accepted.',
    download: 'Download my data',
    fileHint: ' (JSON file)',
  },

  close: {
    heading: 'Delete my account',
    erasedIntro: 'Deleting your account erases, at once and for good:',
    erased: [
      'your profile: name, e-mail address, mobile number and password',
      'your saved billing details',
      'your cart',
      'every device signed in to your account',
      'the messages you sent us through the contact and quote forms',
      'your name on courses others booked for you',
    ],
    keptIntro: 'What the law makes us keep:',
    kept: 'Your orders with their tax invoices, credit notes and payment records, as they were issued. GST law (CGST Act, section 36) makes us keep these for 8 years.',
    afterwards:
      'You can sign up again later with the same e-mail address; you start with a new, empty account.',
    open: 'Delete my account…',
    dialogTitle: 'Delete your account?',
    dialogIntro:
      'This cannot be undone. Your orders, invoices and payment records stay with us for 8 years, as the law requires.',
    confirmLabel: 'Type DELETE to confirm',
    password: 'Your password',
    submit: 'Delete my account',
    busy: 'Deleting…',
    closedHeading: 'Your account is closed.',
    closedText: (email: string) =>
      email ? `We sent a confirmation to ${email}.` : 'We sent a confirmation to your e-mail address.',
    home: 'Go to the home page',
  },
} as const;
