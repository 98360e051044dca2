/**
 * The billing details the signed-in user last paid with (DECISIONS 37: asked once per order and
 * remembered for the next one), kept in localStorage `billing` with whose they are, so another
 * account on the same browser never sees them; forgotten at sign-out. Checked in full here, with
 * the checkout's form; the cart reads only their country (`~/stores/remembered-billing`).
 */
import { computed, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { BillingRecordSchema, type BillingRecord } from '~/lib/shared/schemas/billing';
import { apiRequest } from '~/lib/client/api';
import { $rememberedBilling, rememberBillingOf } from '~/stores/remembered-billing';
import { $user } from '~/stores/session';

/** Forgets the remembered billing details (the account page's 'Forget these details'). */
export { forgetBilling } from '~/stores/remembered-billing';

/** The signed-in user's remembered billing details when they are whole, or undefined. */
export const $savedBilling: ReadableAtom<BillingRecord | undefined> = computed(
  $rememberedBilling,
  (billing) => {
    const parsed = billing ? z.safeParse(BillingRecordSchema, billing) : undefined;
    return parsed?.success ? parsed.data : undefined;
  },
);

/** Remembers `billing` for the signed-in user's next order. */
export function rememberBilling(billing: BillingRecord): void {
  const user = $user.get();
  if (user) rememberBillingOf(user.userid, billing);
}

const AccountBillingSchema = z.object({ billing: z.optional(BillingRecordSchema) });

/**
 * Reads the billing details saved on the account (DECISIONS 62: 'Save these details for my next
 * checkout', or the account page) and remembers them here, so a checkout on any device starts
 * from them. Nothing changes when none are saved or the call fails: the form is still there.
 */
export async function loadAccountBilling(): Promise<void> {
  if (!$user.get()) return;
  try {
    const profile = await apiRequest('GET', '/api/account/profile', AccountBillingSchema);
    if (profile.billing) rememberBilling(profile.billing);
  } catch {
    // Offline or signed out meanwhile: the billing this browser remembers, if any, stays.
  }
}
