/**
 * The Credit note page's island (`/credit-note?id={creditNoteNo}`, with `&order={orderNo}` from
 * the console and the history; issue 28, DECISIONS 49): a refund's GST credit note, printed on one
 * A4 page with the invoice's own parts. The buyer sees their own and staff any; a signed-out
 * visitor is asked to sign in, and an unknown number shows 'Credit note not found'. Without the
 * order's number (the refund e-mail's link) the buyer's purchase history names it.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shopText } from '~/content/ui/shop';
import { creditNoteText as text, invoiceText } from '~/content/ui/documents';
import { CREDIT_NOTE_NO_PATTERN } from '~/lib/shared/schemas/payments';
import { ORDER_NO_PATTERN } from '~/lib/shared/schemas/shop';
import { $creditNote, creditNoteKey, loadCreditNote } from '~/stores/credit-notes';
import { $purchases, $purchasesLoadFailed, loadPurchases } from '~/stores/orders';
import { $user } from '~/stores/session';
import { InvoiceDocument } from './InvoiceView';
import { LoadingPanel, MessagePanel, ShopGate } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './invoice.css';

/** The numbers the address names: the credit note's (well-formed), and the order's when given. */
function numbersFromAddress(): { creditNoteNo: string; orderNo: string | undefined } | undefined {
  const query = new URLSearchParams(window.location.search);
  const creditNoteNo = query.get('id')?.trim().toUpperCase();
  const orderNo = query.get('order')?.trim().toUpperCase();
  if (!creditNoteNo || !CREDIT_NOTE_NO_PATTERN.test(creditNoteNo)) return undefined;
  return { creditNoteNo, orderNo: orderNo && ORDER_NO_PATTERN.test(orderNo) ? orderNo : undefined };
}

export default function CreditNoteView() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user);
  const numbers = hydrated ? numbersFromAddress() : undefined;

  let content;
  if (!hydrated) {
    content = <ShopGate signedOut={false} text={text} />;
  } else if (!numbers) {
    content = <NotFound />;
  } else if (!$signedIn) {
    content = <ShopGate signedOut text={text} />;
  } else if (numbers.orderNo) {
    content = <CreditNoteOf orderNo={numbers.orderNo} creditNoteNo={numbers.creditNoteNo} />;
  } else {
    content = <CreditNoteFromHistory creditNoteNo={numbers.creditNoteNo} />;
  }
  return <div className="shop-island">{content}</div>;
}

/** The order is the one of the buyer's purchases refunded with this credit note. */
function CreditNoteFromHistory({ creditNoteNo }: { creditNoteNo: string }) {
  const bought = useStore($purchases);
  const failed = useStore($purchasesLoadFailed);
  if (bought === undefined && failed) return <LoadFailed onRetry={() => void loadPurchases()} />;
  if (bought === undefined) return <LoadingPanel label={text.loading} />;
  const orderNo = bought.find((item) => item.refund?.creditNoteNo === creditNoteNo)?.orderNo;
  return orderNo ? <CreditNoteOf orderNo={orderNo} creditNoteNo={creditNoteNo} /> : <NotFound />;
}

function CreditNoteOf({ orderNo, creditNoteNo }: { orderNo: string; creditNoteNo: string }) {
  const asked = useStore($creditNote);
  const userid = useStore($user)?.userid;
  const load =
    asked && asked.key === creditNoteKey(orderNo, creditNoteNo) ? asked.load : { state: 'loading' as const };

  useEffect(() => {
    if (userid) void loadCreditNote(orderNo, creditNoteNo);
  }, [orderNo, creditNoteNo, userid]);

  if (load.state === 'signed-out') return <ShopGate signedOut text={text} />;
  if (load.state === 'loading') return <LoadingPanel label={text.loading} />;
  if (load.state === 'not-found') return <NotFound />;
  if (load.state === 'failed')
    return <LoadFailed onRetry={() => void loadCreditNote(orderNo, creditNoteNo)} />;
  return <InvoiceDocument invoice={load.creditNote} credit={load.creditNote} />;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <MessagePanel icon="alert" tone="warning" heading={text.loadFailed}>
      <button className="button button--primary" type="button" onClick={onRetry}>
        {shopText.retry}
      </button>
    </MessagePanel>
  );
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
