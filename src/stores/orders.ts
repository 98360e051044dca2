/**
 * What the signed-in user bought: their purchase history and the invoices they open
 * (product-spec section 4). The pages read these atoms; only this module loads and changes them.
 * A refund's credit note is `~/stores/credit-notes`, loaded by its page alone.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { ApiError, apiRequest } from '~/lib/client/api';
import {
  InvoiceSchema,
  PurchasedItemsSchema,
  SHOP_CLIENT,
  type Invoice,
  type PurchasedItem,
} from '~/lib/shared/schemas/shop';
import { $user } from '~/stores/session';

const $purchasesList = atom<readonly PurchasedItem[] | undefined>(undefined);
const $purchasesFailed = atom(false);

/** The courses the user bought, newest first; undefined until loaded. */
export const $purchases: ReadableAtom<readonly PurchasedItem[] | undefined> = $purchasesList;

/** Whether the purchases failed to load (the history page offers to try again). */
export const $purchasesLoadFailed: ReadableAtom<boolean> = $purchasesFailed;

/**
 * A document of an order (its invoice, a credit note) as its page shows it: loading, loaded (as
 * `Key`), or why not (see `documentFailure`).
 */
export type DocumentLoad<Key extends string, Document> =
  | { readonly state: 'loading' }
  | ({ readonly state: 'loaded' } & { readonly [K in Key]: Document })
  | { readonly state: 'not-found' }
  | { readonly state: 'signed-out' }
  | { readonly state: 'failed' };

/** One invoice as the invoice page shows it. */
export type InvoiceLoad = DocumentLoad<'invoice', Invoice>;

const $invoiceLoad = atom<{ readonly orderNo: string; readonly load: InvoiceLoad } | undefined>(undefined);

/** The invoice last asked for with `loadInvoice`, and how its loading went. */
export const $invoice: ReadableAtom<{ readonly orderNo: string; readonly load: InvoiceLoad } | undefined> =
  $invoiceLoad;

let purchasesLoad: Promise<void> | undefined;

/** Loads the signed-in user's purchases (one request at a time). */
export function loadPurchases(): Promise<void> {
  const user = $user.get();
  if (!user) return Promise.resolve();
  const path = `/api/Cart/GetPurchasedCoursesByUser/${SHOP_CLIENT},${encodeURIComponent(user.userid)}`;
  purchasesLoad ??= apiRequest('GET', path, PurchasedItemsSchema)
    .then(
      (items) => {
        $purchasesList.set(items);
        $purchasesFailed.set(false);
      },
      (error: unknown) => {
        $purchasesFailed.set(true);
        console.warn('The purchases could not be loaded:', error instanceof ApiError ? error.message : error);
      },
    )
    .finally(() => {
      purchasesLoad = undefined;
    });
  return purchasesLoad;
}

/** Forgets the purchases (a checkout or another user changed them): the next reader loads them again. */
export function forgetPurchases(): void {
  $purchasesList.set(undefined);
  $purchasesFailed.set(false);
}

/**
 * Why a document of an order (its invoice, a credit note) could not be shown: not the user's or
 * no such document (404), the session ended (401), or the server was not reached or failed.
 */
export function documentFailure(error: unknown): 'not-found' | 'signed-out' | 'failed' {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 404 ? 'not-found' : status === 401 ? 'signed-out' : 'failed';
}

/**
 * Loads the invoice of one order into `$invoice`: 'not-found' when it is not the user's (or
 * does not exist), 'signed-out' when the session ended, 'failed' when the server was not reached.
 */
export async function loadInvoice(orderNo: string): Promise<void> {
  $invoiceLoad.set({ orderNo, load: { state: 'loading' } });
  let load: InvoiceLoad;
  try {
    const invoice = await apiRequest(
      'GET',
      `/api/orders/${encodeURIComponent(orderNo)}/invoice`,
      InvoiceSchema,
    );
    load = { state: 'loaded', invoice };
  } catch (error) {
    load = { state: documentFailure(error) };
  }
  // An answer for an invoice no longer asked for changes nothing.
  if ($invoiceLoad.get()?.orderNo === orderNo) $invoiceLoad.set({ orderNo, load });
}

// While anything shows the purchases: loaded when unknown (again after a checkout or a new user).
onMount($purchasesList, () => {
  const refresh = () => {
    if ($user.get() && $purchasesList.get() === undefined) void loadPurchases();
  };
  refresh();
  const stopSelf = $purchasesList.listen(refresh);
  // Only another user makes them unknown: the start-up check confirms the same user with a new object.
  const stopUser = $user.listen((user, previous) => {
    if (user?.userid === previous?.userid) return;
    $purchasesList.set(undefined);
    $invoiceLoad.set(undefined);
    refresh();
  });
  return () => {
    stopSelf();
    stopUser();
  };
});
