import { z } from 'zod';

/** Amount in US dollars with at most two decimals (e.g. `149` or `149.5`). */
export const UsdSchema = z
  .number()
  .nonnegative()
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    message: 'An amount in USD has at most two decimals.',
  })
  .describe('Amount in US dollars, at most two decimals.');

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
    fees: UsdSchema.describe('List price in USD.'),
    discountedFees: UsdSchema.describe('Price charged in USD; at most the list price.'),
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
  });

export type Course = z.infer<typeof CourseSchema>;

/** The public shape of a course in API answers (`GET /api/courses`, cart items). */
export const CourseSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  review: z.number().int().nonnegative(),
  fees: z.number().nonnegative(),
  discountedFees: z.number().nonnegative(),
  courseOverview: z.string(),
});

export type CourseSummary = z.infer<typeof CourseSummarySchema>;
