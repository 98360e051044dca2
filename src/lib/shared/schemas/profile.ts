/*
 * The profile of the account page (docs/api.md, "Your account"; DECISIONS 62): its answer and
 * the body that changes it. Apart from `account.ts`, which the header's sign-in dialog loads on
 * every page, because billing brings the list of countries.
 */
import * as z from '~/lib/shared/zod';
import { ProfileFieldsSchema, YOUR_ACCOUNT_HINTS } from '~/lib/shared/schemas/account';
import { BillingRecordSchema, BillingSchema } from '~/lib/shared/schemas/billing';

/** Body of `POST /api/account/profile`: any of name, mobile and billing (`null` forgets the billing). */
export const ProfileUpdateRequestSchema = z
  .strictObject({
    name: z.optional(ProfileFieldsSchema.shape.name),
    mobile: z.optional(ProfileFieldsSchema.shape.mobile),
    billing: z.optional(z.nullable(BillingSchema)),
  })
  .check(
    z.refine(
      (body) => body.name !== undefined || body.mobile !== undefined || body.billing !== undefined,
      YOUR_ACCOUNT_HINTS.nothingToChange,
    ),
  );
export type ProfileUpdateRequest = z.output<typeof ProfileUpdateRequestSchema>;

/** Answer of `GET` and `POST /api/account/profile`. */
export const ProfileSchema = z.object({
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  createdAt: z.string(),
  billing: z.optional(BillingRecordSchema),
});
export type Profile = z.output<typeof ProfileSchema>;
