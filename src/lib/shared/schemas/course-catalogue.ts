/*
 * The catalogue file's schema. It is build- and server-side data like the content collections, so
 * it uses zod's full API for `.describe()`. It lives apart from the API shape (`./course`), which
 * the browser parses: a browser bundle that imported this module would carry full zod and build
 * this schema on every page load.
 */
// eslint-disable-next-line no-restricted-imports -- the one module that uses full zod (see above)
import { z } from 'zod';
import { centsFromUsd, isWholeCents } from '~/lib/shared/money';

/** A price as the company types it in the catalogue file: US dollars, at most two decimals. */
const CatalogueUsdSchema = z
  .number()
  .nonnegative()
  .refine(isWholeCents, { message: 'An amount in USD has at most two decimals.' });

/** A price in rupees as the company types it in the catalogue file, at most two decimals. */
const CatalogueInrSchema = z
  .number()
  .nonnegative()
  .refine(isWholeCents, { message: 'An amount in INR has at most two decimals.' });

/** A course of the training catalogue, as the company edits it in `src/content/courses.json`. */
export const CourseSchema = z
  .object({
    id: z.number().int().positive().describe('Stable numeric course id, used in /coursedetail?cid={id}.'),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .describe('URL segment of the course page, lower-case kebab-case.'),
    name: z.string().min(2).max(80).describe('Course title as shown on cards and invoices.'),
    topic: z.string().min(1).max(40).describe('The training topic this course teaches, e.g. "C#".'),
    url: z
      .string()
      .regex(/^\/images\/courses\/[a-z0-9-]+\.svg$/)
      .describe('Site-relative path of the cover image (SVG in public/images/courses/).'),
    imageAlt: z.string().min(5).max(140).describe('Alternative text of the cover image.'),
    review: z.number().int().nonnegative().describe('Number of reviews the course has received.'),
    fees: CatalogueUsdSchema.describe('List price in USD (converted to cents when loaded).'),
    discountedFees: CatalogueUsdSchema.describe(
      'Price charged in USD, at most the list price (converted to cents when loaded).',
    ),
    feesInr: CatalogueInrSchema.describe(
      'List price in rupees, GST included (converted to paise when loaded; DECISIONS 46).',
    ),
    discountedFeesInr: CatalogueInrSchema.describe(
      'Price charged in rupees to a buyer in India, GST included, a round figure such as 11999; at most the list price (converted to paise when loaded).',
    ),
    durationHours: z.number().int().positive().describe('Length of the course in teaching hours.'),
    level: z.enum(['Beginner', 'Intermediate', 'Advanced']).describe('Who the course is pitched at.'),
    courseOverview: z
      .string()
      .min(300)
      .max(1200)
      .describe('Plain-text overview; the cart shows its first 250 characters.'),
    outcomes: z
      .array(z.string().min(10).max(140))
      .min(4)
      .max(8)
      .describe('What a learner can do after the course.'),
  })
  .refine((c) => c.discountedFees <= c.fees, {
    message: 'The discounted fee cannot be more than the list fee.',
    path: ['discountedFees'],
  })
  .refine((c) => c.discountedFeesInr <= c.feesInr, {
    message: 'The discounted fee in rupees cannot be more than the list fee in rupees.',
    path: ['discountedFeesInr'],
  })
  .transform(({ fees, discountedFees, feesInr, discountedFeesInr, ...course }) => ({
    ...course,
    /** List price in US cents. */
    feesCents: centsFromUsd(fees),
    /** Price charged in US cents; at most the list price. */
    discountedFeesCents: centsFromUsd(discountedFees),
    /** List price in paise. */
    feesPaise: centsFromUsd(feesInr),
    /** Price charged in India, in paise; at most the list price. */
    discountedFeesPaise: centsFromUsd(discountedFeesInr),
  }));

/** A course as the site uses it: prices in cents and paise. */
export type Course = z.output<typeof CourseSchema>;

/**
 * The catalogue file, `src/content/courses.json`: `{ "courses": [...] }`, in catalogue order. An
 * object around the list because the editor (Keystatic's "Courses", DECISIONS 64) keeps a file of
 * one object; the prices the API charges are read from this file and no other.
 */
export const CatalogueFileSchema = z.object({
  courses: CourseSchema.array()
    .min(1)
    .superRefine((list, ctx) => {
      const ids = new Set<number>();
      const slugs = new Set<string>();
      for (const course of list) {
        if (ids.has(course.id))
          ctx.addIssue({ code: 'custom', message: `Duplicate course id ${course.id}.` });
        if (slugs.has(course.slug))
          ctx.addIssue({ code: 'custom', message: `Duplicate course slug ${course.slug}.` });
        ids.add(course.id);
        slugs.add(course.slug);
      }
    })
    .describe('Every course on sale, in the order the training page lists them.'),
});

/** The catalogue file as it is stored (prices in dollars and rupees). */
export type CatalogueFile = z.input<typeof CatalogueFileSchema>;
