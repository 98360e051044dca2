/**
 * The content editor at /keystatic (DECISIONS 64): what the company's staff edit, named as they
 * would say it. Every field mirrors the zod schema the build validates the same file with
 * (src/content.config.ts, src/lib/shared/schemas/course-catalogue.ts): same names, same
 * required/optional, the limits Keystatic can check, the same descriptions. The build stays the one
 * judge; tests/unit/content/keystatic-schemas.test.ts fails when the two disagree.
 *
 * This file runs in the editor's browser bundle too: it reads only `import.meta.env` values the
 * integration defines (integrations/keystatic.mjs), never a secret.
 */
import { collection, config, fields, singleton } from '@keystatic/core';

/** Set by integrations/keystatic.mjs on a build with GitHub mode on: `owner/name`. */
// Written as is: Vite's `define` replaces this exact text (src/env.d.ts). Empty or absent: local mode.
const githubRepo = import.meta.env.KEYSTATIC_GITHUB_REPO;

/** Limits of a text field, as its zod schema states them. */
function text(
  label: string,
  description: string | undefined,
  limits: {
    min?: number;
    max?: number;
    pattern?: RegExp;
    message?: string;
    optional?: boolean;
    multiline?: boolean;
  },
) {
  const { min, max, optional = false, multiline = (max ?? 0) > 140 } = limits;
  let { pattern, message } = limits;
  // Keystatic checks a minimum length on an empty field too: an optional field says it as a pattern.
  const lengthMin = optional ? undefined : min;
  if (optional && min !== undefined && !pattern) {
    pattern = new RegExp(`^$|^[\\s\\S]{${min},}$`);
    message = `${label} must be empty or at least ${min} characters long`;
  }
  return fields.text({
    label,
    ...(description ? { description } : {}),
    multiline,
    validation: {
      isRequired: !optional,
      length: {
        ...(lengthMin === undefined ? {} : { min: lengthMin }),
        ...(max === undefined ? {} : { max }),
      },
      ...(pattern ? { pattern: { regex: pattern, ...(message ? { message } : {}) } } : {}),
    },
  });
}

/** A positive whole number in CSS pixels (an illustration's intrinsic size). */
function pixels(label: string, description: string) {
  return fields.integer({ label, description, validation: { isRequired: true, min: 1 } });
}

/* ------------------------------------------------------------------ shared shapes */

/** An SVG illustration in public/ (`illustration` in src/content.config.ts). */
function illustration(label: string, description?: string) {
  return fields.object(
    {
      src: text(
        'Picture file',
        'Path of an SVG under public/images/ (decorative: the text beside it carries the meaning).',
        { pattern: /^\/images\/.+\.svg$/, message: 'A path such as /images/home/slide-erp.svg' },
      ),
      width: pixels('Width', 'Intrinsic width in CSS pixels.'),
      height: pixels('Height', 'Intrinsic height in CSS pixels.'),
    },
    { label, ...(description ? { description } : {}) },
  );
}

/** `figure`: an illustration that carries meaning, with its text alternative. */
const figureFields = {
  src: text(
    'Picture file',
    'Path of an SVG under public/images/ (decorative: the text beside it carries the meaning).',
    { optional: true, max: 200 },
  ),
  width: fields.integer({ label: 'Width', description: 'Intrinsic width in CSS pixels.' }),
  height: fields.integer({ label: 'Height', description: 'Intrinsic height in CSS pixels.' }),
  alt: text('Text alternative', 'Text alternative: what the picture shows.', { optional: true, max: 200 }),
};

/** `action`: a link drawn as a button. */
function action(label: string, description: string) {
  return fields.object(
    {
      label: text('Button text', 'Visible text of the link, e.g. "Order Now".', { min: 2, max: 30 }),
      href: text('Opens', 'Site path the link opens, e.g. "/contact-us" (no host, no trailing slash).', {
        pattern: /^\/[\w/-]*$/,
        message: 'A site path such as /contact-us',
      }),
      about: text(
        'Asks about',
        'What the visitor asks about: the contact form\'s message starts "About <this>: ".',
        { optional: true, min: 3, max: 60 },
      ),
    },
    { label, description },
  );
}

/** The Markdown body of a page, post or case study (.md files, read by Astro's Markdown). */
function body(label: string) {
  return fields.markdoc({ label, extension: 'md' });
}

/**
 * Sections a page may leave out. Keystatic has no optional group, so their fields check only what
 * holds when they are empty (maximum lengths); a section left empty is written blank and the
 * schema reads it as absent (`section` in src/content.config.ts). The build checks the rest.
 */
const OPTIONAL_SECTION =
  ' Leave every field empty to leave the section out; a section in use needs all of them.';

/* ------------------------------------------------------------------ Pages */

const pages = collection({
  label: 'Pages',
  // The id is the file path: `services/IoT-engineering` keeps its folders and its case.
  path: 'src/content/pages/**',
  slugField: 'address',
  format: { contentField: 'body' },
  entryLayout: 'content',
  columns: ['title'],
  schema: {
    address: fields.text({
      label: 'Address',
      description:
        'The page\'s path without the leading slash (e.g. "services/IoT-engineering"). A new address has no page until a developer adds its route.',
      validation: {
        length: { min: 1, max: 120 },
        pattern: {
          regex: /^[A-Za-z0-9-]+(\/[A-Za-z0-9-]+)*$/,
          message: 'Letters, digits and hyphens, folders split by /',
        },
      },
    }),
    title: text('Title', 'The <title> of the page, without the company suffix; unique across the site.', {
      min: 10,
      max: 60,
    }),
    description: text(
      'Description',
      'Meta and Open Graph description: one or two sentences, 70-160 characters.',
      { min: 70, max: 160, multiline: true },
    ),
    eyebrow: text('Eyebrow', 'Small label above the heading, e.g. the section name.', { max: 40 }),
    heading: text('Heading', 'The single <h1> of the page.', { max: 80 }),
    lead: text('Lead', 'Opening paragraph under the heading, plain text.', { min: 80, max: 320 }),
    crumb: text('Breadcrumb', 'Short breadcrumb label when it differs from the heading (e.g. "Checkout").', {
      max: 40,
      optional: true,
    }),
    summary: text('Menu summary', 'One-line description shown in navigation menus (products hover text).', {
      max: 140,
      optional: true,
    }),
    art: fields.object(
      {
        hero: fields.object(figureFields, {
          label: 'Beside the heading',
          description: 'Shown beside the heading: a product screen or a service diagram.',
        }),
        detail: fields.object(
          {
            ...figureFields,
            caption: text('Caption', 'Visible caption under the picture.', { optional: true, max: 160 }),
          },
          { label: 'After the body', description: 'A second screen after the body text.' + OPTIONAL_SECTION },
        ),
      },
      {
        label: 'Pictures',
        description:
          "Pictures of a product or a service's steps (generated by `npm run draw:art`)." + OPTIONAL_SECTION,
      },
    ),
    cards: fields.object(
      {
        heading: text('Heading', 'Section heading, e.g. "Modules" or "What we offer".', {
          max: 60,
          optional: true,
        }),
        items: fields.array(
          fields.object({
            name: text('Name', 'Card title.', { min: 3, max: 48 }),
            description: text('Description', 'One or two sentences.', { min: 40, max: 220, multiline: true }),
          }),
          {
            label: 'Cards',
            itemLabel: (item) => item.fields.name.value || 'Card',
            validation: { length: { max: 8 } },
          },
        ),
      },
      {
        label: 'Cards',
        description:
          "Card grid after the body: a product's modules, a service's offerings (3-8 cards)." +
          OPTIONAL_SECTION,
      },
    ),
    checklist: fields.object(
      {
        heading: text('Heading', 'Section heading, e.g. "Features".', { max: 60, optional: true }),
        items: fields.array(text('Item', undefined, { min: 10, max: 140 }), {
          label: 'Items',
          itemLabel: (item) => item.value || 'Item',
          validation: { length: { max: 10 } },
        }),
      },
      {
        label: 'Checklist',
        description: 'Ticked list of features or deliverables (4-10 items).' + OPTIONAL_SECTION,
      },
    ),
    audience: fields.object(
      {
        heading: text('Heading', 'Section heading, e.g. "Who it is for".', { max: 60, optional: true }),
        items: fields.array(
          fields.object({
            name: text('Name', undefined, { min: 3, max: 48 }),
            description: text('Description', undefined, { min: 30, max: 180, multiline: true }),
          }),
          {
            label: 'Groups',
            itemLabel: (item) => item.fields.name.value || 'Group',
            validation: { length: { max: 5 } },
          },
        ),
      },
      {
        label: 'Who it is for',
        description: 'Who the product or service is for (2-5 groups).' + OPTIONAL_SECTION,
      },
    ),
    cta: fields.object(
      {
        heading: text('Heading', 'Call to action heading.', { optional: true, max: 80 }),
        text: text('Text', 'One sentence under it.', { optional: true, max: 220 }),
        label: text('Button text', 'Button label, e.g. "Get Quote".', { optional: true, max: 30 }),
      },
      {
        label: 'Call to action',
        description: 'Closing call to action; the button goes to /contact-us.' + OPTIONAL_SECTION,
      },
    ),
    body: body('Page text'),
  },
});

/* ------------------------------------------------------------------ Home */

const home = singleton({
  label: 'Home',
  // src/content/home.yaml holds one entry, `home` (Astro's file loader reads its keys as ids).
  path: 'src/content/home',
  format: { data: 'yaml' },
  schema: {
    home: fields.object(
      {
        hero: fields.object(
          {
            primary: action(
              'Main button',
              'The main call to action under the lead, e.g. "Explore our products".',
            ),
            secondary: action('Second button', 'The second call to action, e.g. "Talk to us".'),
          },
          {
            label: 'Hero',
            description: 'Calls to action in the hero (its heading and lead are in pages/home.md).',
          },
        ),
        slider: fields.object(
          {
            label: text('Carousel name', 'Accessible name of the carousel region.', { max: 60 }),
            previousLabel: text('Previous button name', 'Accessible name of the previous-slide button.', {
              max: 40,
            }),
            nextLabel: text('Next button name', 'Accessible name of the next-slide button.', { max: 40 }),
            pauseLabel: text('Pause button name', 'Accessible name of the button while slides rotate.', {
              max: 60,
            }),
            playLabel: text('Play button name', 'Accessible name of the button while rotation is stopped.', {
              max: 60,
            }),
            slideLabel: text(
              'Slide name',
              'Label of each slide; {index} and {total} are replaced, e.g. "{index} of {total}".',
              {
                pattern: /(?=.*\{index\})(?=.*\{total\})/,
                message: 'Must contain {index} and {total}',
              },
            ),
            slides: fields.array(
              fields.object({
                title: text('Title', 'Slide heading (an <h2>).', { max: 70 }),
                text: text('Text', 'One or two sentences under the slide heading.', {
                  min: 60,
                  max: 220,
                  multiline: true,
                }),
                image: illustration('Picture'),
                action: action('Button', 'The slide button, "Order Now", to the page that sells it.'),
              }),
              {
                label: 'Slides',
                description: 'The three rotating slides, in order.',
                itemLabel: (item) => item.fields.title.value || 'Slide',
                validation: { length: { min: 3, max: 3 } },
              },
            ),
          },
          { label: 'Slider', description: 'The rotating slider at the top of the page.' },
        ),
        industries: fields.object(
          {
            eyebrow: text('Eyebrow', 'Small label above the section heading (the section name).', {
              max: 40,
            }),
            heading: text('Heading', 'The section heading (an <h2>).', { max: 90 }),
            intro: text('Intro', 'Paragraph under the heading.', { max: 320 }),
            items: fields.array(
              fields.object({
                name: text('Name', 'Industry name, e.g. "Logistics".', { max: 30 }),
                icon: fields.select({
                  label: 'Icon',
                  description: 'Line icon shown above the name.',
                  options: [
                    { label: 'Truck', value: 'truck' },
                    { label: 'Hospital', value: 'hospital' },
                    { label: 'Factory', value: 'factory' },
                    { label: 'Store', value: 'store' },
                  ],
                  defaultValue: 'truck',
                }),
                text: text('Text', 'What we do for this industry, one or two sentences.', {
                  min: 60,
                  max: 260,
                  multiline: true,
                }),
                action: action('Link', '"Read More" link to the product page that fits the industry.'),
              }),
              {
                label: 'Industries',
                itemLabel: (item) => item.fields.name.value || 'Industry',
                validation: { length: { min: 4, max: 4 } },
              },
            ),
          },
          { label: 'Industries', description: 'Industries We Serve.' },
        ),
        seo: fields.object(
          {
            eyebrow: text('Eyebrow', 'Small label above the section heading (the section name).', {
              max: 40,
            }),
            heading: text('Heading', 'The section heading (an <h2>).', { max: 90 }),
            paragraphs: fields.array(text('Paragraph', undefined, { min: 60, max: 400, multiline: true }), {
              label: 'Paragraphs',
              description: 'Body paragraphs.',
              itemLabel: (item) => item.value.slice(0, 60) || 'Paragraph',
              validation: { length: { min: 1, max: 3 } },
            }),
            points: fields.array(text('Point', undefined, { max: 80 }), {
              label: 'Points',
              description: 'Short bullet points after the paragraphs.',
              itemLabel: (item) => item.value || 'Point',
              validation: { length: { max: 5 } },
            }),
            image: illustration('Picture'),
            action: action('Button', 'The "Start Free Trial" button.'),
          },
          { label: 'What is SEO', description: 'What Is SEO.' },
        ),
        counters: fields.object(
          {
            heading: text('Heading', 'Heading of the counters band (read by screen readers only).', {
              max: 60,
            }),
            items: fields.array(
              fields.object({
                value: fields.integer({
                  label: 'Number',
                  description: 'Final number the counter counts up to.',
                  validation: { isRequired: true, min: 0 },
                }),
                label: text('Label', 'What the number counts, e.g. "Customer Satisfaction".', {
                  max: 40,
                }),
              }),
              {
                label: 'Counters',
                itemLabel: (item) =>
                  `${item.fields.value.value ?? ''} ${item.fields.label.value}`.trim() || 'Counter',
                validation: { length: { min: 4, max: 4 } },
              },
            ),
          },
          {
            label: 'Counters',
            description: 'The four counters (product-spec section 9: 5090, 3090, 2050, 9000).',
          },
        ),
        whyChooseUs: fields.object(
          {
            eyebrow: text('Eyebrow', 'Small label above the section heading (the section name).', {
              max: 40,
            }),
            heading: text('Heading', 'The section heading (an <h2>).', { max: 90 }),
            reasons: fields.array(
              fields.object({
                title: text('Title', 'The reason in a few words (an <h3>).', { max: 50 }),
                text: text('Text', 'One sentence explaining it.', { min: 40, max: 200, multiline: true }),
              }),
              {
                label: 'Reasons',
                itemLabel: (item) => item.fields.title.value || 'Reason',
                validation: { length: { min: 9, max: 9 } },
              },
            ),
          },
          { label: 'Why choose us', description: 'Why Choose Us, nine reasons.' },
        ),
        contactStrip: fields.object(
          {
            heading: text('Heading', 'Heading of the strip.', { max: 70 }),
            text: text(
              'Text',
              'One sentence: when and how to reach us; {hours} becomes the office hours from site.config.',
              { max: 200, pattern: /\{hours\}/, message: 'Must contain {hours}' },
            ),
            phoneLabel: text(
              'Phone label',
              'Label before the phone link (the number comes from site.config).',
              {
                max: 30,
              },
            ),
            emailLabel: text(
              'E-mail label',
              'Label before the e-mail link (the address comes from site.config).',
              {
                max: 30,
              },
            ),
          },
          { label: 'Contact strip', description: 'The contact strip with phone and e-mail links.' },
        ),
        products: fields.object(
          {
            eyebrow: text('Eyebrow', 'Small label above the section heading (the section name).', {
              max: 40,
            }),
            heading: text('Heading', 'The section heading (an <h2>).', { max: 90 }),
            intro: text('Intro', 'Paragraph under the heading.', { max: 320 }),
            items: fields.array(
              fields.object({
                name: text('Name', 'Product name (an <h3>, linking to its page).', { max: 40 }),
                href: text('Page', 'The product page.', {
                  pattern: /^\/products\/[\w-]+$/,
                  message: 'A product page such as /products/erp',
                }),
                features: fields.array(text('Feature', undefined, { max: 70 }), {
                  label: 'Features',
                  description: 'Feature list, one line each.',
                  itemLabel: (item) => item.value || 'Feature',
                  validation: { length: { min: 3, max: 6 } },
                }),
                action: action('Button', 'The "Get Quote" link, to /contact-us.'),
              }),
              {
                label: 'Products',
                itemLabel: (item) => item.fields.name.value || 'Product',
                validation: { length: { min: 4, max: 4 } },
              },
            ),
          },
          { label: 'Our products', description: 'Our Products.' },
        ),
      },
      { label: 'Home page sections' },
    ),
  },
});

/* ------------------------------------------------------------------ Courses */

/** A price as the catalogue file holds it: at most two decimals, never negative. */
function price(label: string, description: string) {
  return fields.number({
    label,
    description,
    step: 0.01,
    validation: { isRequired: true, min: 0, step: true },
  });
}

const courses = singleton({
  label: 'Courses',
  // src/content/courses.json, `{ "courses": [...] }`: the catalogue the pages show and the API
  // charges (src/lib/shared/catalogue.ts). Saved prices are charged once the deploy is live.
  path: 'src/content/courses',
  format: { data: 'json' },
  schema: {
    courses: fields.array(
      fields.object({
        id: fields.integer({
          label: 'Course number',
          description: 'Stable numeric course id, used in /coursedetail?cid={id}.',
          validation: { isRequired: true, min: 1 },
        }),
        slug: text('Address', 'URL segment of the course page, lower-case kebab-case.', {
          pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
          message: 'Lower-case letters, digits and hyphens',
        }),
        name: text('Name', 'Course title as shown on cards and invoices.', { min: 2, max: 80 }),
        topic: text('Topic', 'The training topic this course teaches, e.g. "C#".', { min: 1, max: 40 }),
        url: text('Cover picture', 'Site-relative path of the cover image (SVG in public/images/courses/).', {
          pattern: /^\/images\/courses\/[a-z0-9-]+\.svg$/,
          message: 'A path such as /images/courses/csharp-fundamentals.svg',
        }),
        imageAlt: text('Cover text alternative', 'Alternative text of the cover image.', {
          min: 5,
          max: 140,
        }),
        review: fields.integer({
          label: 'Reviews',
          description: 'Number of reviews the course has received.',
          validation: { isRequired: true, min: 0 },
        }),
        fees: price('List price (USD)', 'List price in USD (converted to cents when loaded).'),
        discountedFees: price(
          'Price charged (USD)',
          'Price charged in USD, at most the list price (converted to cents when loaded).',
        ),
        feesInr: price(
          'List price (₹)',
          'List price in rupees, GST included (converted to paise when loaded; DECISIONS 46).',
        ),
        discountedFeesInr: price(
          'Price charged (₹)',
          'Price charged in rupees to a buyer in India, GST included, a round figure such as 11999; at most the list price (converted to paise when loaded).',
        ),
        durationHours: fields.integer({
          label: 'Hours',
          description: 'Length of the course in teaching hours.',
          validation: { isRequired: true, min: 1 },
        }),
        level: fields.select({
          label: 'Level',
          description: 'Who the course is pitched at.',
          options: [
            { label: 'Beginner', value: 'Beginner' },
            { label: 'Intermediate', value: 'Intermediate' },
            { label: 'Advanced', value: 'Advanced' },
          ],
          defaultValue: 'Beginner',
        }),
        courseOverview: text('Overview', 'Plain-text overview; the cart shows its first 250 characters.', {
          min: 300,
          max: 1200,
          multiline: true,
        }),
        outcomes: fields.array(text('Outcome', undefined, { min: 10, max: 140 }), {
          label: 'Outcomes',
          description: 'What a learner can do after the course.',
          itemLabel: (item) => item.value || 'Outcome',
          validation: { length: { min: 4, max: 8 } },
        }),
      }),
      {
        label: 'Courses',
        description: 'Every course on sale, in the order the training page lists them.',
        itemLabel: (item) => item.fields.name.value || 'New course',
        validation: { length: { min: 1 } },
      },
    ),
  },
});

/* ------------------------------------------------------------------ Leadership */

const leadership = collection({
  label: 'Leadership',
  path: 'src/content/team/*',
  format: { data: 'json' },
  slugField: 'name',
  columns: ['designation'],
  schema: {
    name: fields.slug({
      name: {
        label: 'Name',
        description: 'Full name as the person writes it.',
        validation: { length: { min: 3, max: 60 } },
      },
    }),
    order: fields.integer({
      label: 'Position',
      description: 'Position in the carousel, 1 first.',
      validation: { isRequired: true, min: 1 },
    }),
    designation: text('Designation', 'Job title, e.g. "Managing Director".', { min: 3, max: 60 }),
    portrait: text('Portrait', 'Portrait or illustration in public/images/team/, square SVG.', {
      pattern: /^\/images\/team\/[a-z0-9-]+\.svg$/,
      message: 'A path such as /images/team/meera-kulkarni.svg',
    }),
    bio: text('Bio', 'Two or three sentences on what the person does here.', {
      min: 80,
      max: 360,
      multiline: true,
    }),
  },
});

/**
 * A publication's cover picture and its text alternative (blog posts and case studies), the
 * picture kept in `src/assets/{folder}/`.
 */
function coverFields(folder: 'blog' | 'case-studies') {
  return {
    cover: fields.image({
      label: 'Cover',
      description: `Cover picture in src/assets/${folder}/ (at least 1200 px wide).`,
      directory: `src/assets/${folder}`,
      publicPath: `../../assets/${folder}/`,
      validation: { isRequired: true },
    }),
    coverAlt: text('Cover text alternative', 'Text alternative: what the cover shows.', {
      min: 20,
      max: 200,
    }),
  };
}

/** A publication not yet published: built in previews only. */
const draftField = fields.checkbox({
  label: 'Draft',
  description: 'A draft is built in previews only, never published.',
  defaultValue: false,
});

/* ------------------------------------------------------------------ Blog posts */

const blog = collection({
  label: 'Blog posts',
  path: 'src/content/blog/*',
  slugField: 'title',
  format: { contentField: 'body' },
  entryLayout: 'content',
  columns: ['date', 'author'],
  schema: {
    title: fields.slug({
      name: {
        label: 'Title',
        description: 'The post title (its <h1> and <title>).',
        validation: { length: { min: 10, max: 90 } },
      },
      slug: { label: 'Address', description: 'The post is at /career/blogs/{address}.' },
    }),
    description: text(
      'Description',
      'One or two sentences for search results, the blog index, RSS and share cards.',
      { min: 70, max: 160, multiline: true },
    ),
    author: text('Author', 'Full name of the writer, as on the leadership page when they are there.', {
      min: 3,
      max: 60,
    }),
    date: fields.date({
      label: 'Date',
      description: 'Publication date (YYYY-MM-DD).',
      defaultValue: { kind: 'today' },
      validation: { isRequired: true },
    }),
    updated: fields.date({
      label: 'Updated',
      description: 'Date of the last real change, when there was one.',
    }),
    tags: fields.array(text('Tag', undefined, { min: 2, max: 30 }), {
      label: 'Tags',
      description: 'Topics, e.g. "SEO" or "Training"; each tag has its own listing.',
      itemLabel: (item) => item.value || 'Tag',
      validation: { length: { min: 1, max: 5 } },
    }),
    ...coverFields('blog'),
    courses: fields.array(
      text('Course', undefined, {
        pattern: /^[a-z0-9-]+$/,
        message: 'A course address such as csharp-fundamentals',
      }),
      {
        label: 'Related courses',
        description: 'Slugs of related courses (courses.json), shown under the post.',
        itemLabel: (item) => item.value || 'Course',
        validation: { length: { max: 3 } },
      },
    ),
    draft: draftField,
    body: body('Post'),
  },
});

/* ------------------------------------------------------------------ Case studies */

const caseStudies = collection({
  label: 'Case studies',
  path: 'src/content/case-studies/*',
  slugField: 'title',
  format: { contentField: 'body' },
  entryLayout: 'content',
  columns: ['sector', 'date'],
  schema: {
    title: fields.slug({
      name: {
        label: 'Title',
        description: 'The case study title (its <h1>).',
        validation: { length: { min: 10, max: 90 } },
      },
      slug: { label: 'Address', description: 'The case study is at /who-we-are/case-studies/{address}.' },
    }),
    description: text('Description', 'One or two sentences for search results and cards.', {
      min: 70,
      max: 160,
      multiline: true,
    }),
    client: text(
      'Client',
      'Who the client is, as they allow us to say it (e.g. "A third-party logistics firm in Pune").',
      { min: 10, max: 90 },
    ),
    sector: text('Sector', 'The client\'s sector, e.g. "Logistics" or "Healthcare".', { min: 3, max: 40 }),
    problem: text('Problem', 'The problem they brought to us, in one to three sentences.', {
      min: 60,
      max: 320,
      multiline: true,
    }),
    built: text('What we built', 'What we built, in one to three sentences.', {
      min: 60,
      max: 320,
      multiline: true,
    }),
    stack: fields.array(text('Technology', undefined, { min: 1, max: 30 }), {
      label: 'Stack',
      description: 'Technologies used.',
      itemLabel: (item) => item.value || 'Technology',
      validation: { length: { min: 1, max: 10 } },
    }),
    figures: fields.array(
      fields.object({
        value: text('Figure', 'The figure, e.g. "38%" or "2 days".', { min: 1, max: 12 }),
        label: text('Measures', 'What it measures, e.g. "fewer picking errors".', { min: 5, max: 80 }),
      }),
      {
        label: 'Figures',
        description: 'Results after go-live, as the client measured them.',
        itemLabel: (item) => `${item.fields.value.value} ${item.fields.label.value}`.trim() || 'Figure',
        validation: { length: { min: 1, max: 4 } },
      },
    ),
    product: text('Product or service page', 'The product or service page the work is built on.', {
      optional: true,
      pattern: /^$|^\/(products|services)\/[\w-]+$/,
      message: 'A page such as /products/erp or /services/data-analytics',
    }),
    date: fields.date({
      label: 'Went live',
      description: 'When the project went live (YYYY-MM-DD).',
      validation: { isRequired: true },
    }),
    ...coverFields('case-studies'),
    draft: draftField,
    body: body('Story'),
  },
});

export default config({
  storage: githubRepo ? { kind: 'github', repo: githubRepo as `${string}/${string}` } : { kind: 'local' },
  ui: {
    brand: { name: 'Sahyadri Infotech' },
    navigation: {
      'Site pages': ['pages', 'home', 'leadership'],
      Training: ['courses'],
      Publishing: ['blog', 'caseStudies'],
    },
  },
  collections: { pages, leadership, blog, caseStudies },
  singletons: { home, courses },
});
