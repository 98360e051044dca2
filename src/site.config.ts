/**
 * Company facts, navigation and footer: the one place the company edits who it is.
 * Every value below is a SAMPLE (see README): replace it with the company's real details.
 */

/** A postal address as printed on the contact page, footer and invoice. */
export interface PostalAddress {
  /** Short label, e.g. "Registered office". */
  readonly label: string;
  readonly lines: readonly string[];
  readonly city: string;
  readonly state: string;
  /** Six-digit Indian PIN code. */
  readonly pin: string;
  readonly country: 'India';
}

/** A link in the navigation or footer. */
export interface NavLink {
  readonly label: string;
  readonly href: string;
  /** One-line description shown when the item is hovered or focused (Products menu). */
  readonly summary?: string;
}

/** A top-level menu of the header. */
export interface NavMenu {
  readonly label: string;
  /** Landing page of the section. */
  readonly href: string;
  /** Text shown in the menu panel before any item is hovered. */
  readonly overview?: string;
  readonly items: readonly NavLink[];
}

export const site = {
  /** Legal name, as on the invoice and copyright line. */
  legalName: 'Sahyadri Infotech Solutions Pvt. Ltd.',
  /** Short name used in titles and the logo. */
  name: 'Sahyadri Infotech',
  tagline: 'Software, products and training from Pune',
  /** Year the company was founded (About page, JSON-LD). */
  foundingYear: 2009,
  addresses: {
    registered: {
      label: 'Registered office',
      lines: ['Office 402, Sample Business Park', 'Baner Road, Baner'],
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411045',
      country: 'India',
    },
    corporate: {
      label: 'Corporate office',
      lines: ['7th Floor, Example Tech Tower', 'Hinjewadi Phase 1'],
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411057',
      country: 'India',
    },
  } satisfies Record<string, PostalAddress>,
  /** Phone numbers in E.164 (`tel:` links) with their display form. */
  phones: [
    { e164: '+912067123456', display: '+91 20 6712 3456', label: 'Office' },
    { e164: '+919876543210', display: '+91 98765 43210', label: 'Sales' },
  ],
  email: 'hello@example.com',
  /**
   * The grievance officer the privacy policy names (DECISIONS 63; the Digital Personal Data
   * Protection Rules, 2025): who answers a complaint about personal data, within 90 days.
   */
  grievanceOfficer: {
    name: 'Sunita Deshpande',
    email: 'grievance@example.com',
    address: {
      label: 'Grievance Officer',
      lines: [
        'Sahyadri Infotech Solutions Pvt. Ltd.',
        'Office 402, Sample Business Park',
        'Baner Road, Baner',
      ],
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411045',
      country: 'India',
    } satisfies PostalAddress,
  },
  /** When the Pune office answers the phone: the one statement of office hours on every page. */
  officeHours: 'Monday to Saturday, 9:30 am to 6:30 pm IST',
  /** WhatsApp number in international format without '+' (wa.me links). */
  whatsapp: '919876543210',
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { label: 'Facebook', href: 'https://www.facebook.com/example' },
    { label: 'X', href: 'https://x.com/example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@example' },
  ],
  tax: {
    /** GST identification number (15 characters; 27 = Maharashtra). */
    gstin: '27AAECS1234F1ZO',
    pan: 'AAECS1234F',
    /** Services Accounting Code printed on invoice lines: commercial training and coaching. */
    sac: '999293',
    /** The SAC's description, as the GSTR-1 HSN summary writes it. */
    sacDescription: 'Commercial training and coaching services',
    /**
     * GST on courses (DECISIONS 34): prices include it. The place of supply is the buyer's state
     * (given at checkout): in the company's state the tax splits into central and state GST, in
     * another it is IGST at their sum; outside India, none (an export under the LUT below). Each
     * rate is a percentage; their sum is the GST rate. `placeOfSupply` is printed on orders
     * placed before buyers gave their state.
     */
    gst: {
      /** The company's GST state code: a buyer here pays CGST + SGST, elsewhere in India IGST. */
      stateCode: '27',
      placeOfSupply: 'Maharashtra (27)',
      /**
       * The place of supply of a buyer in India without a GSTIN (DECISIONS 50; docs/gst.md): the
       * state they give ('buyer-state', IGST Act s.12(2)(b), the default), or the company's state,
       * where the training is performed ('seller-state', s.12(5)(b)), once the company's chartered
       * accountant decides so. A buyer with a GSTIN is always placed in their GSTIN's state
       * (s.12(5)(a)); a buyer abroad is an export either way.
       */
      unregisteredPlaceOfSupply: 'buyer-state' as 'buyer-state' | 'seller-state',
      split: [
        { label: 'CGST', ratePct: 9 },
        { label: 'SGST', ratePct: 9 },
      ],
    },
    /**
     * The Letter of Undertaking under which courses sold abroad are zero-rated exports
     * (DECISIONS 34): its ARN, printed on every export invoice.
     */
    lutReference: 'AD270326000123X',
    /** Prefix of order and invoice numbers: `SIS-2627-000001` (DECISIONS 11). */
    orderPrefix: 'SIS',
  },
  bank: {
    accountName: 'Sahyadri Infotech Solutions Pvt. Ltd.',
    bankName: 'Sample Bank Ltd.',
    branch: 'Baner, Pune',
    accountNumber: '000000000000',
    ifsc: 'SMPL0000001',
  },
} as const;

/** Header menus (product-spec section 2). */
export const navigation: readonly NavMenu[] = [
  {
    label: 'Who We Are',
    href: '/who-we-are/about-us',
    items: [
      { label: 'About Us', href: '/who-we-are/about-us' },
      { label: 'Leadership', href: '/who-we-are/leadership' },
      { label: 'Privacy Policy', href: '/who-we-are/privacy-policy' },
    ],
  },
  {
    label: 'Products',
    href: '/products/warehouse-management',
    overview: 'Four products built for Indian businesses: GST-ready, Tally-friendly and supported from Pune.',
    items: [
      { label: 'Warehouse Management', href: '/products/warehouse-management' },
      { label: 'Inventory Management', href: '/products/inventory-management' },
      { label: 'Hospital Management', href: '/products/hospital-management' },
      { label: 'ERP', href: '/products/erp' },
    ],
  },
  {
    label: 'Services',
    href: '/services/application-services',
    overview: 'From a first workshop to long-term support: one accountable team for your software.',
    items: [
      { label: 'Application Services', href: '/services/application-services' },
      { label: 'Data Analytics & BI', href: '/services/data-analytics' },
      { label: 'IoT & Digital Engineering', href: '/services/IoT-engineering' },
      { label: 'Technology Expertise', href: '/services/technology-expertise' },
      { label: 'Custom Software Development', href: '/services/custom-software-development' },
      { label: 'SEO & Digital Marketing', href: '/services/digital-marketing' },
      { label: 'Bulk SMS & E-mail', href: '/services/bulk-mail' },
    ],
  },
  {
    label: 'Career',
    href: '/career/training',
    overview: 'Learn from the engineers who build our products, or build your career with us.',
    items: [
      { label: 'Training', href: '/career/training' },
      { label: 'Opportunities', href: '/career/opportunities' },
      { label: 'Blogs', href: '/career/blogs' },
    ],
  },
];

/** The header's single link (no menu). */
export const contactLink: NavLink = { label: 'Contact Us', href: '/contact-us' };

/** Footer link columns. */
export const footerColumns: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', href: '/who-we-are/about-us' },
      { label: 'Leadership', href: '/who-we-are/leadership' },
      { label: 'Training', href: '/career/training' },
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
  {
    title: 'Products',
    links: navigation[1]?.items ?? [],
  },
  {
    title: 'Help',
    links: [
      { label: 'Plan & Pricing', href: '/who-we-are/plan-pricing' },
      { label: 'FAQs', href: '/who-we-are/FAQs' },
      { label: 'Terms of Service', href: '/who-we-are/service-terms' },
      { label: 'Privacy Policy', href: '/who-we-are/privacy-policy' },
    ],
  },
];

/** Formats an address as one line, e.g. for the footer. */
export function formatAddress(address: PostalAddress): string {
  return [...address.lines, `${address.city}, ${address.state} ${address.pin}`, address.country].join(', ');
}
