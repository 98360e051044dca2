/**
 * A refund's credit note as its page shows it (DECISIONS 49; API.md `GET
 * /api/orders/{orderNo}/credit-notes/{creditNoteNo}`). Apart from `~/stores/orders`, which the cart
 * and the header read: the credit note's schema loads with its page only (issue 20's budget).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '~/lib/client/api';
import { CreditNoteSchema, type CreditNote } from '~/lib/shared/schemas/payments';
import { documentFailure, type DocumentLoad } from '~/stores/orders';

/** One credit note as its page shows it (the invoice's states). */
export type CreditNoteLoad = DocumentLoad<'creditNote', CreditNote>;

type CreditNoteAsked = { readonly key: string; readonly load: CreditNoteLoad };
const $creditNoteLoad = atom<CreditNoteAsked | undefined>(undefined);

/** The credit note last asked for with `loadCreditNote` (`key`: order and credit note numbers), and how it went. */
export const $creditNote: ReadableAtom<CreditNoteAsked | undefined> = $creditNoteLoad;

/** The key `$creditNote` names a credit note by. */
export const creditNoteKey = (orderNo: string, creditNoteNo: string) => `${orderNo}/${creditNoteNo}`;

/**
 * Loads a refund's credit note (API.md `GET /api/orders/{orderNo}/credit-notes/{creditNoteNo}`):
 * the buyer's own or, for staff, any; 'not-found', 'signed-out' and 'failed' as for an invoice.
 */
export async function loadCreditNote(orderNo: string, creditNoteNo: string): Promise<void> {
  const key = creditNoteKey(orderNo, creditNoteNo);
  $creditNoteLoad.set({ key, load: { state: 'loading' } });
  let load: CreditNoteLoad;
  try {
    const creditNote = await apiRequest(
      'GET',
      `/api/orders/${encodeURIComponent(orderNo)}/credit-notes/${encodeURIComponent(creditNoteNo)}`,
      CreditNoteSchema,
    );
    load = { state: 'loaded', creditNote };
  } catch (error) {
    load = { state: documentFailure(error) };
  }
  if ($creditNoteLoad.get()?.key === key) $creditNoteLoad.set({ key, load });
}
