/**
 * The billing details this browser remembers for the signed-in user (DECISIONS 37), in
 * localStorage `billing` with whose they are, read here as stored: only their country, for the
 * currency the cart shows first, and the means to forget them at sign-out. The full record is read
 * by `~/stores/billing` with the checkout's billing form, so the cart and the header load neither
 * the billing schema nor the country list (issue 20: the shop pages' JavaScript budget).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { currencyOfCountry, type Currency } from '~/lib/shared/money';
import { $user } from '~/stores/session';

/** Whose details they are, and the details (checked in full by `~/stores/billing`). */
const RememberedSchema = z.object({ userId: z.string(), billing: z.looseObject({ country: z.string() }) });
export type Remembered = z.infer<typeof RememberedSchema>;

const $remembered = persistentAtom<Remembered | undefined>(LOCAL_STORAGE_KEYS.billing, undefined, {
  encode: (remembered) => (remembered ? JSON.stringify(remembered) : undefined),
  decode: (text) => {
    try {
      const parsed = z.safeParse(RememberedSchema, JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
});

/** The remembered details when they are the signed-in user's; undefined otherwise. */
export const $rememberedBilling: ReadableAtom<Remembered['billing'] | undefined> = computed(
  [$remembered, $user],
  (remembered, user) =>
    remembered && user && remembered.userId === user.userid ? remembered.billing : undefined,
);

// Signed out (or another account): a shared computer keeps nobody's billing details.
$user.subscribe((user) => {
  const remembered = $remembered.get();
  if (remembered && remembered.userId !== user?.userid) $remembered.set(undefined);
});

/** Remembers `billing` as the signed-in user's, for their next order. */
export function rememberBillingOf(userId: string, billing: Remembered['billing']): void {
  $remembered.set({ userId, billing });
}

/** Forgets the remembered details (sign-out, the account page's 'Forget these details'). */
export function forgetBilling(): void {
  $remembered.set(undefined);
}

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
export const $likelyCurrency: ReadableAtom<Currency> = computed($rememberedBilling, (billing) =>
  billing ? currencyOfCountry(billing.country) : browserCurrency(),
);
