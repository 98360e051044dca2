/*
 * The public shape of a course in API answers, in zod/mini, which the browser parses too. The
 * catalogue file's schema (full zod, build and server only) is in `./course-catalogue`.
 */
import * as zm from '~/lib/shared/zod';
import { UsdSchema } from '~/lib/shared/money';

export type { CatalogueFile, Course } from '~/lib/shared/schemas/course-catalogue';

/** The public shape of a course in API answers (`GET /api/courses`, cart items); prices in dollars and rupees. */
export const CourseSummarySchema = zm.object({
  id: zm.int().check(zm.positive()),
  name: zm.string(),
  url: zm.string(),
  review: zm.int().check(zm.nonnegative()),
  /** List price in US dollars. */
  fees: UsdSchema,
  /** Price charged in US dollars. */
  discountedFees: UsdSchema,
  /** List price in rupees, GST included (DECISIONS 46). */
  feesInr: UsdSchema,
  /** Price charged in rupees to a buyer in India, GST included. */
  discountedFeesInr: UsdSchema,
  courseOverview: zm.string(),
});

export type CourseSummary = zm.infer<typeof CourseSummarySchema>;
