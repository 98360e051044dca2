/**
 * The notices beside every form that collects personal data (DECISIONS 63): what it collects,
 * why, how long we keep it, how to withdraw or complain. Checked by `NoticesSchema`
 * (`~/lib/shared/schemas/notice`) where they are read: by the functions, which accept only these
 * versions, and by the privacy policy page at build time.
 *
 * Change a notice's `version` (the day the new words take effect) whenever its words change: the
 * records keep the version shown, and a page still showing the old words is asked to reload.
 * Each notice is its own export, so a form's code carries only the notice it shows.
 */
import type { NoticeCopy, Notices } from '~/lib/shared/schemas/notice-copy';

/** The words around every notice. */
export const noticeText = {
  /** Read before the notice by screen readers and shown as its small heading. */
  heading: 'Your data',
  more: 'More about your data',
  policyLink: 'Privacy policy',
  policyHref: '/who-we-are/privacy-policy',
} as const;

export const contactNotice: NoticeCopy = {
  version: '2026-11-26',
  form: 'Contact form',
  summary: [
    'We use your name, e-mail, phone and message only to answer this enquiry.',
    'We keep them until you ask us to erase them.',
    'To withdraw or complain, write to our grievance officer.',
  ],
  more: [
    'We never sell your data or add you to a mailing list.',
    'Our hosting and e-mail providers handle it for us, under our instructions.',
    'If you have an account, deleting it erases your enquiries too.',
  ],
};

export const quoteNotice: NoticeCopy = {
  version: '2026-11-26',
  form: 'Get A Quote form',
  summary: [
    'We use your name, e-mail, phone and message only to prepare and send your quote.',
    'We keep them until you ask us to erase them.',
    'To withdraw or complain, write to our grievance officer.',
  ],
  more: [
    'We never sell your data or add you to a mailing list.',
    'Our hosting and e-mail providers handle it for us, under our instructions.',
  ],
};

export const signUpNotice: NoticeCopy = {
  version: '2026-11-26',
  form: 'Sign-up form',
  summary: [
    'We use your name, mobile and e-mail to run your account and send your sign-in codes.',
    'Your password is kept only as a scrambled hash that nobody can read.',
    'Delete your account at any time on your account page; to complain, write to our grievance officer.',
  ],
  more: [
    'We keep your account until you delete it.',
    'After deletion we keep only the invoices, credit notes and payment records tax law makes us keep for 8 years.',
    'Your account page also lets you correct your details and download everything we hold on you.',
  ],
};

export const checkoutNotice: NoticeCopy = {
  version: '2026-11-26',
  form: 'Checkout billing form',
  summary: [
    'We use the billing name, country, state, GSTIN and address you give here to make your GST tax invoice.',
    'Tax law makes us keep invoices and payment records for 8 years, even after you delete your account.',
    'To complain, write to our grievance officer.',
  ],
  more: [
    'Your card or bank details go to the payment provider, never to us.',
    'The 8 years come from section 36 of the CGST Act, 2017.',
  ],
};

export const attendeesNotice: NoticeCopy = {
  version: '2026-11-26',
  form: 'Attendees form (My courses)',
  summary: [
    "We use each attendee's name and e-mail to send them the joining details and reminders for this batch.",
    'Please tell them you are giving us their details.',
    'Remove someone here and we stop writing to them; to complain, write to our grievance officer.',
  ],
  more: [
    'We keep the names with your enrolment for as long as you have your account.',
    'An attendee may ask us to erase their details through the contact page.',
  ],
};

/** Every form's notice, as the server checks versions and the privacy policy lists them. */
export const notices: Notices = {
  contact: contactNotice,
  quote: quoteNotice,
  signUp: signUpNotice,
  checkout: checkoutNotice,
  attendees: attendeesNotice,
};
