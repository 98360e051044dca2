/**
 * How a shop page's island (checkout, purchase history, invoice) hydrates (`client:intent`, issue
 * 20): at idle when this browser remembers a signed-in user, whose cart, orders or invoice it
 * shows; for anyone else only when they use it (the sign-in panel is the server's HTML until then,
 * see ShopGate) or when they sign in on the page.
 */
import { SIGNED_IN } from '~/lib/client/events';
import type { IntentOptions } from '~/lib/client/intent-directive';
import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';

export const SHOP_ISLAND_HYDRATION = {
  idleIf: [LOCAL_STORAGE_KEYS.user],
  event: SIGNED_IN,
} as const satisfies IntentOptions;
