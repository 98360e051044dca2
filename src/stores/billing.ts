/**
 * The billing details the signed-in user last paid with (DECISIONS 37: asked once per order and
 * remembered for the next one), kept in localStorage `billing` with whose they are, so another
 * account on the same browser never sees them; forgotten at sign-out.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { currencyOfCountry, type Currency } from '~/lib/shared/money';
import { BillingRecordSchema, type BillingRecord } from '~/lib/shared/schemas/billing';
import { apiRequest } from '~/lib/client/api';
import { $user } from '~/stores/session';

const SavedSchema = z.object({ userId: z.string(), billing: BillingRecordSchema });
type Saved = z.infer<typeof SavedSchema>;

const $saved = persistentAtom<Saved | undefined>(LOCAL_STORAGE_KEYS.billing, undefined, {
  encode: (saved) => (saved ? JSON.stringify(saved) : undefined),
  decode: (text) => {
    try {
      const parsed = z.safeParse(SavedSchema, JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
});

/** The signed-in user's remembered billing details, or undefined. */
export const $savedBilling: ReadableAtom<BillingRecord | undefined> = computed(
  [$saved, $user],
  (saved, user) => (saved && user && saved.userId === user.userid ? saved.billing : undefined),
);

/**
 * The currency the page shows first (issue 42, item 4): INR when `<html data-currency="inr">`,
 * which `LikelyCurrency.astro` sets before the first paint from the browser's languages and time
 * zone, so the cart and the course pages agree; USD otherwise and on the server.
 */
function browserCurrency(): Currency {
  if (typeof document === 'undefined') return 'USD';
  return document.documentElement.dataset['currency'] === 'inr' ? 'INR' : 'USD';
}

/**
 * The currency the visitor will likely pay in (DECISIONS 46), which the cart shows first: their
 * remembered billing country's, else the page's (India by language or time zone: rupees).
 */
export const $likelyCurrency: ReadableAtom<Currency> = computed($savedBilling, (billing) =>
  billing ? currencyOfCountry(billing.country) : browserCurrency(),
);

/** Remembers `billing` for the signed-in user's next order. */
export function rememberBilling(billing: BillingRecord): void {
  const user = $user.get();
  if (user) $saved.set({ userId: user.userid, billing });
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

/** Forgets the remembered billing details (the account page's 'Forget these details'). */
export function forgetBilling(): void {
  $saved.set(undefined);
}

// Signed out (or another account): a shared computer keeps nobody's billing details.
$user.subscribe((user) => {
  const saved = $saved.get();
  if (saved && saved.userId !== user?.userid) $saved.set(undefined);
});
