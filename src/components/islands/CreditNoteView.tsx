/**
 * The Credit note page's island (`/credit-note?id={creditNoteNo}&order={orderNo}`; issue 28,
 * DECISIONS 49): a refund's GST credit note, printed on one A4 page with the invoice's own parts.
 * The buyer sees their own and staff any; a signed-out visitor is asked to sign in, and an unknown
 * number shows 'Credit note not found'.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { creditNoteText as text, invoiceText, shopText } from '~/content/ui/shop';
import { CREDIT_NOTE_NO_PATTERN } from '~/lib/shared/schemas/payments';
import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';
import { $creditNote, creditNoteKey, loadCreditNote } from '~/stores/orders';
import { $user } from '~/stores/session';
import { InvoiceDocument } from './InvoiceView';
import { LoadingPanel, MessagePanel, ShopGate } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './invoice.css';

/** The credit note and order numbers the address names, when both are well-formed. */
function numbersFromAddress(): { creditNoteNo: string; orderNo: string } | undefined {
  const query = new URLSearchParams(window.location.search);
  const creditNoteNo = query.get('id')?.trim().toUpperCase();
  const orderNo = query.get('order')?.trim().toUpperCase();
  if (!creditNoteNo || !CREDIT_NOTE_NO_PATTERN.test(creditNoteNo)) return undefined;
  if (!orderNo || !ORDER_NO_PATTERN.test(orderNo)) return undefined;
  return { creditNoteNo, orderNo };
}

export default function CreditNoteView() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user);
  const asked = useStore($creditNote);
  const numbers = hydrated ? numbersFromAddress() : undefined;
  const key = numbers && creditNoteKey(numbers.orderNo, numbers.creditNoteNo);
  const userid = $signedIn?.userid;
  const load = asked && asked.key === key ? asked.load : { state: 'loading' as const };

  const orderNo = numbers?.orderNo;
  const creditNoteNo = numbers?.creditNoteNo;
  useEffect(() => {
    if (orderNo && creditNoteNo && userid) void loadCreditNote(orderNo, creditNoteNo);
  }, [orderNo, creditNoteNo, userid]);

  let content;
  if (!hydrated) {
    content = <ShopGate signedOut={false} text={text} />;
  } else if (!numbers) {
    content = <NotFound />;
  } else if (!userid || load.state === 'signed-out') {
    content = <ShopGate signedOut text={text} />;
  } else if (load.state === 'loading') {
    content = <LoadingPanel label={text.loading} />;
  } else if (load.state === 'not-found') {
    content = <NotFound />;
  } else if (load.state === 'failed') {
    content = (
      <MessagePanel icon="alert" tone="warning" heading={text.loadFailed}>
        <button
          className="button button--primary"
          type="button"
          onClick={() => void loadCreditNote(numbers.orderNo, numbers.creditNoteNo)}
        >
          {shopText.retry}
        </button>
      </MessagePanel>
    );
  } else {
    const { creditNote } = load;
    content = <InvoiceDocument invoice={creditNote} credit={creditNote} />;
  }

  return <div className="shop-island">{content}</div>;
}

function NotFound() {
  return (
    <MessagePanel icon="search" heading={text.notFoundHeading} text={text.notFoundText}>
      <a className="button button--primary" href="/purchasehistory">
        {invoiceText.history}
      </a>
    </MessagePanel>
  );
}
