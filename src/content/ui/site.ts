/**
 * Interface copy shared by every page: the shell, footer, breadcrumbs, carousels, the contact
 * form and the notices. One typed module per area (`site`, `account`, `shop`) keeps every word a
 * visitor reads out of the components (STYLE 3); quoted spec texts stay word for word.
 */
export const layoutText = {
  skipLink: 'Skip to content',
  /** The notice on the home content served for an unknown address (DECISIONS 17). */
  notFound: {
    title: 'We could not find that page.',
    body: 'It may have moved; here is our home page instead.',
  },
  breadcrumbHome: 'Home',
  breadcrumbLabel: 'Breadcrumb',
  opensInNewTab: '(opens in a new tab)',
  /** Said to screen readers while any request runs (product-spec section 4). */
  pleaseWait: 'Please wait…',
} as const;

export const footerText = {
  /** product-spec section 1, word for word. */
  ctaTitle: 'Ready To Promote Your website Online?',
  ctaButton: 'Contact us',
  quoteTitle: 'Get A Quote',
  quoteEyebrow: 'Start a project',
  quoteIntro:
    'Tell us about your project, product or training need. We reply within one working day, Monday to Saturday.',
  /** On a page with its own contact form, the footer points to it instead of showing a second one. */
  quoteOnPage: 'This page has its own form for your message.',
  quoteOnPageLink: 'Go to the form',
  whatsapp: 'WhatsApp us',
  homeLink: (siteName: string) => `${siteName} home`,
  phoneLabel: (label: string) => `${label} phone: `,
  rights: 'All rights reserved.',
  gstin: 'GSTIN',
} as const;

/** The leadership carousel's words (the home slider's live with its slides in home.yaml). */
export const carouselText = {
  previous: 'Previous slide',
  next: 'Next slide',
  pause: 'Pause automatic sliding',
  play: 'Play automatic sliding',
  /** Each slide's label and the visible position: "2 of 4", "1–3 of 4". */
  slide: '{index} of {total}',
} as const;

/** The parts of the privacy policy that come from the site's config and notices (DECISIONS 63). */
export const privacyPolicyText = {
  officerHeading: 'Grievance officer',
  officerIntro:
    'Write to our grievance officer about anything in this policy or how we handled your data. We answer within 90 days.',
  noticesHeading: 'The notices beside our forms',
  noticeVersion: 'version',
} as const;

export const contactFormText = {
  labels: { name: 'Name', phone: 'Phone', email: 'Email', message: 'Message', website: 'Website' },
  /** Under the phone field instead of a sample number, which looked filled in (issue 23, item 10). */
  phoneHelp: 'We call you back on it: 10 digits, +91 or 0 in front is fine.',
  send: 'Send message',
  sending: 'Sending…',
  directHeading: 'Reach us directly',
  phoneLabel: (label: string) => `${label} phone`,
  whatsapp: 'WhatsApp',
  whatsappLink: 'Chat on WhatsApp',
  email: 'E-mail',
  hours: 'Office hours',
} as const;

export const courseText = {
  overview: 'Overview',
  outcomes: 'What you will learn',
  fees: 'Fees',
  listHeading: 'Courses',
  regularFee: 'Regular fee',
  now: ', now',
  /** After the rupee fee when it is the small one (DECISIONS 46; issue 42, item 4). */
  inIndia: 'in India',
  /** After the dollar fee when it is the small one, for a visitor in India. */
  outsideIndia: 'outside India',
} as const;

/** The blog's own words (DECISIONS 65); each post's words are in src/content/blog/. */
export const blogText = {
  topicsHeading: 'Topics',
  allTopics: 'All posts',
  postsHeading: 'Posts',
  by: 'By',
  published: 'Published',
  updated: 'Updated',
  minutesRead: (minutes: number) => `${minutes} min read`,
  tagsLabel: 'Tags',
  relatedCourses: 'Courses on this subject',
  relatedCoursesIntro: 'Go further with a live online course taught by our engineers.',
  courseFacts: (level: string, hours: number) => `${level} · ${hours} hours`,
  aboutWriter: 'About the writer',
  morePosts: 'Back to the blog',
  tagHeading: (tag: string) => `Posts on ${tag}`,
  tagLead: (tag: string, count: number) =>
    `${count === 1 ? 'One post' : `${count} posts`} from our team on ${tag}, newest first. Every topic is listed beside the posts.`,
  tagTitle: (tag: string) => `Blog posts on ${tag}`,
  tagDescription: (tag: string) =>
    `Articles by Sahyadri Infotech's engineers, trainers and leaders on ${tag}: practical notes from live projects and courses.`,
  pageTitle: (title: string, page: number) => `${title}, page ${page}`,
  paginationLabel: 'Pages of posts',
  newer: 'Newer posts',
  older: 'Older posts',
  pageOf: (page: number, last: number) => `Page ${page} of ${last}`,
  empty: 'No posts have been published here yet.',
  draft: 'Draft: not published',
  shareKind: 'Sahyadri Infotech · Blog',
  feedTitle: 'Sahyadri Infotech blog',
  feedDescription:
    'Articles by the engineers, trainers and leaders of Sahyadri Infotech, Pune: software training, warehouse and ERP practice, GST and SEO.',
} as const;

/** The case studies' own words (DECISIONS 65); each study's words are in src/content/case-studies/. */
export const caseStudyText = {
  listHeading: 'Our case studies',
  summaryHeading: 'At a glance',
  client: 'Client',
  sector: 'Sector',
  live: 'Went live',
  stack: 'Built with',
  product: 'Built on',
  problem: 'The problem',
  built: 'What we built',
  figuresHeading: 'In figures',
  figuresNote: 'Figures from the client, not our estimates: the story below says where each one comes from.',
  storyHeading: 'The story',
  read: 'Read the case study',
  allStudies: 'All case studies',
  empty: 'Our first case studies are being checked with our clients before they are published.',
  draft: 'Draft: not published',
  shareKind: 'Sahyadri Infotech · Case study',
  ctaHeading: 'Have a similar problem?',
  ctaText:
    'Tell us about your business and we will arrange a demonstration, or a call with a client we have worked with.',
  ctaLabel: 'Talk to us',
} as const;
