/**
 * The confirmation on `/checkout?placed={orderNo}` (API.md, Payments; DECISIONS 45): the order
 * the buyer has just paid for, read from the server (so a reload shows it again, and only to its
 * buyer), with its invoice, the purchase history and My courses (its batches, issue 31).
 */
import { useStore } from '@nanostores/react';
import { useEffect, type Ref } from 'react';
import { accountLinks, headerCopy } from '~/content/ui/account';
import { checkoutText as text } from '~/content/ui/checkout';
import { centsFromUsd, formatMoney } from '~/lib/shared/money';
import { $invoice, loadInvoice } from '~/stores/orders';
import { LoadingPanel, MessagePanel, NewTabHint } from '../ShopParts';

export default function PlacedOrder({
  orderNo,
  headingRef,
}: {
  readonly orderNo: string;
  readonly headingRef?: Ref<HTMLHeadingElement> | undefined;
}) {
  const $loaded = useStore($invoice);
  useEffect(() => {
    void loadInvoice(orderNo);
  }, [orderNo]);
  const load = $loaded?.orderNo === orderNo ? $loaded.load : { state: 'loading' as const };

  if (load.state === 'loading') return <LoadingPanel label={text.loading} />;
  if (load.state !== 'loaded')
    return (
      <MessagePanel
        icon="alert"
        tone="warning"
        heading={text.placedMissingHeading}
        text={text.placedMissingText}
      >
        <a className="button button--primary" href="/purchasehistory">
          {text.history}
        </a>
      </MessagePanel>
    );
  const { invoice } = load;
  return (
    <MessagePanel
      icon="check"
      tone="success"
      heading={text.placedHeading}
      text={`${text.placedText(orderNo)} ${text.placedPaid(
        formatMoney(centsFromUsd(invoice.totals.total), invoice.currency),
        text.items(invoice.lines.length),
      )}`}
      headingRef={headingRef}
    >
      <a
        className="button button--primary"
        href={`/invoice?id=${encodeURIComponent(orderNo)}`}
        target="_blank"
        rel="noopener"
      >
        {text.viewInvoice}
        <NewTabHint />
      </a>
      <a className="button button--outline" href="/purchasehistory">
        {text.history}
      </a>
      <a className="button button--outline" href={accountLinks.myCourses}>
        {headerCopy.myCourses}
      </a>
    </MessagePanel>
  );
}
