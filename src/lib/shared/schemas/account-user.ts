/**
 * Who is signed in, as the account calls answer it (docs/api.md, "Accounts"): read by the header
 * and every shop page, so apart from the forms' schemas in `./account`, which re-exports these.
 */
import * as z from '~/lib/shared/zod';

/** Answer of `sendcode` and `forgot`: the pending request's id and its secret. */
export const PendingCodeSchema = z.object({ usercode: z.string(), userkey: z.string() });
export type PendingCode = z.output<typeof PendingCodeSchema>;

/** Answer of `me`, `register`, `login` and `reset`; also the `user` kept in localStorage. */
export const AccountUserSchema = z.object({
  userid: z.string(),
  username: z.string(),
  /** Present and true for staff (STAFF_EMAILS): the header then offers the company console. */
  staff: z.optional(z.boolean()),
});
export type AccountUser = z.output<typeof AccountUserSchema>;
