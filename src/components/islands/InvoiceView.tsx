/**
 * The Invoice page's island (`/invoice?id={orderNo}`, product-spec section 2, DECISIONS 13, 34,
 * 35): a tax invoice that prints on one A4 page. Only the buyer sees it: a signed-out visitor is
 * asked to sign in, and an unknown number or someone else's order shows 'Invoice not found'.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shopText } from '~/content/ui/shop';
import { creditNoteText, invoiceText as text } from '~/content/ui/documents';
import { formatIndianDate } from '~/lib/shared/dates';
import { centsFromUsd, formatMoney, type Currency } from '~/lib/shared/money';
import type { CreditNote } from '~/lib/shared/schemas/payments';
import { ORDER_NO_PATTERN, type Invoice } from '~/lib/shared/schemas/shop';
import { $invoice, loadInvoice } from '~/stores/orders';
import { $user } from '~/stores/session';
import { LoadingPanel, MessagePanel, ShopGate } from './ShopParts';
import { Icon } from './icons';
import { useHydrated } from './use-hydrated';
import './invoice.css';

/** An amount of the invoice, in the currency paid (DECISIONS 46). */
function money(amount: number, currency: Currency): string {
  return formatMoney(centsFromUsd(amount), currency);
}

/** An exchange rate as printed: up to four decimals, trailing zeros dropped (84 -> '84', 83.45671 -> '83.4567'). */
function rupeeRate(rate: number): string {
  return String(Math.round(rate * 10_000) / 10_000);
}

function orderNoFromAddress(): string | undefined {
  const id = new URLSearchParams(window.location.search).get('id')?.trim().toUpperCase();
  return id && ORDER_NO_PATTERN.test(id) ? id : undefined;
}

export default function InvoiceView() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user);
  const asked = useStore($invoice);
  const orderNo = hydrated ? orderNoFromAddress() : undefined;
  const userid = $signedIn?.userid;
  const load = asked && asked.orderNo === orderNo ? asked.load : { state: 'loading' as const };

  useEffect(() => {
    if (orderNo && userid) void loadInvoice(orderNo);
  }, [orderNo, userid]);

  let content;
  if (!hydrated) {
    content = <ShopGate signedOut={false} text={text} />;
  } else if (!orderNo) {
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
          onClick={() => orderNo && void loadInvoice(orderNo)}
        >
          {shopText.retry}
        </button>
      </MessagePanel>
    );
  } else {
    content = <InvoiceDocument invoice={load.invoice} />;
  }

  return <div className="shop-island">{content}</div>;
}

function NotFound() {
  return (
    <MessagePanel icon="search" heading={text.notFoundHeading} text={text.notFoundText}>
      <a className="button button--primary" href="/purchasehistory">
        {text.history}
      </a>
    </MessagePanel>
  );
}

/** What a credit note prints besides the invoice's parts (issue 28, DECISIONS 49). */
type CreditNoteFacts = Pick<CreditNote, 'creditNoteNo' | 'creditNoteDate' | 'originalInvoice' | 'reason'>;

/**
 * The printed document: a tax invoice, or with `credit` a refund's credit note (the credit note
 * page uses the same parts: seller, buyer, lines, totals, one A4 page; its own title, number, date,
 * the original invoice and the reason in place of the invoice's number, date and amount status).
 */
export function InvoiceDocument({
  invoice,
  credit,
}: {
  /** An invoice, or a credit note's parts (its amount status is 'Refunded'). */
  invoice: Omit<Invoice, 'amountStatus'> & { amountStatus: string };
  credit?: CreditNoteFacts;
}) {
  const { seller, billTo, totals } = invoice;
  const documentTitle = credit
    ? creditNoteText.documentTitle(credit.creditNoteNo, seller.legalName)
    : text.documentTitle(invoice.orderNo, seller.legalName);
  // The page's title is the saved PDF's name: one per invoice (issue 23, item 10).
  useEffect(() => {
    const before = document.title;
    document.title = documentTitle;
    return () => {
      document.title = before;
    };
  }, [documentTitle]);
  return (
    <>
      <div className="invoice-toolbar">
        <button className="button button--primary" type="button" onClick={() => window.print()}>
          <Icon name="print" />
          {text.print}
        </button>
      </div>
      <article
        className="invoice"
        aria-labelledby="invoice-title"
        data-watermark={credit ? creditNoteText.watermark : text.watermark}
      >
        <header className="invoice__head">
          <div className="invoice__seller">
            <p className="invoice__seller-name">{seller.legalName}</p>
            <address className="invoice__address">
              {seller.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
              <span>
                {seller.phone} · {seller.email}
              </span>
            </address>
            <dl className="invoice__ids">
              <div>
                <dt>{text.gstin}</dt>
                <dd>{seller.gstin}</dd>
              </div>
              <div>
                <dt>{text.pan}</dt>
                <dd>{seller.pan}</dd>
              </div>
            </dl>
          </div>
          <div className="invoice__meta">
            <h2 id="invoice-title" className="invoice__title">
              {credit ? creditNoteText.title : text.title}
            </h2>
            <dl className="invoice__facts">
              {credit ? (
                <>
                  <div>
                    <dt>{creditNoteText.number}</dt>
                    <dd data-testid="credit-note-number">{credit.creditNoteNo}</dd>
                  </div>
                  <div>
                    <dt>{creditNoteText.date}</dt>
                    <dd>
                      <time dateTime={credit.creditNoteDate}>{formatIndianDate(credit.creditNoteDate)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{creditNoteText.originalInvoice}</dt>
                    <dd>
                      {credit.originalInvoice.orderNo}{' '}
                      <time dateTime={credit.originalInvoice.orderDate}>
                        ({formatIndianDate(credit.originalInvoice.orderDate)})
                      </time>
                    </dd>
                  </div>
                  <div>
                    <dt>{text.amountStatus}</dt>
                    <dd>{invoice.amountStatus}</dd>
                  </div>
                </>
              ) : (
                <>
                  <div>
                    <dt>{text.invoiceNo}</dt>
                    <dd data-testid="invoice-number">{invoice.orderNo}</dd>
                  </div>
                  <div>
                    <dt>{text.invoiceDate}</dt>
                    <dd>
                      <time dateTime={invoice.orderDate}>{formatIndianDate(invoice.orderDate)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{text.amountStatus}</dt>
                    <dd>
                      <span className="invoice__paid">{invoice.amountStatus}</span>
                    </dd>
                  </div>
                </>
              )}
              <div>
                <dt>{text.placeOfSupply}</dt>
                <dd>{invoice.placeOfSupply ?? seller.placeOfSupply}</dd>
              </div>
              {invoice.payment && (
                <div>
                  <dt>{text.paymentReference}</dt>
                  <dd className="invoice__reference">
                    {invoice.payment.reference}
                    {/* On a line of its own, so the invoice's facts stay beside the seller. */}
                    {invoice.payment.gateway === 'test' && (
                      <span className="invoice__reference-note"> {text.testPayment}</span>
                    )}
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </header>

        <div className="invoice__parties">
          <section className="invoice__party" aria-labelledby="bill-to">
            <h3 id="bill-to" className="invoice__label">
              {text.billTo}
            </h3>
            <p className="invoice__party-name">{billTo.name}</p>
            {invoice.billing?.gstin && (
              <p className="invoice__party-line">
                {text.gstin}: {invoice.billing.gstin}
              </p>
            )}
            {invoice.billing?.address && (
              <p className="invoice__party-line" data-testid="invoice-buyer-address">
                {invoice.billing.address.line}, {invoice.billing.address.city}{' '}
                {invoice.billing.address.postalCode}
              </p>
            )}
            {invoice.billing && (
              <p className="invoice__party-line">
                {invoice.billing.stateName
                  ? `${invoice.billing.stateName} (${invoice.billing.state}), ${invoice.billing.countryName}`
                  : invoice.billing.countryName}
              </p>
            )}
            <p className="invoice__party-line">{billTo.email}</p>
          </section>
          {/* A credit note asks for no payment: no bank details (issue 42, item 8). */}
          {!credit && (
            <section className="invoice__party" aria-labelledby="bank-details">
              <h3 id="bank-details" className="invoice__label">
                {text.bankHeading}
              </h3>
              <dl className="invoice__bank">
                <div>
                  <dt>{text.accountName}</dt>
                  <dd>{seller.bank.accountName}</dd>
                </div>
                <div>
                  <dt>{text.bankName}</dt>
                  <dd>
                    {seller.bank.bankName}, {seller.bank.branch}
                  </dd>
                </div>
                <div>
                  <dt>{text.accountNumber}</dt>
                  <dd>{seller.bank.accountNumber}</dd>
                </div>
                <div>
                  <dt>{text.ifsc}</dt>
                  <dd>{seller.bank.ifsc}</dd>
                </div>
              </dl>
            </section>
          )}
        </div>

        {/* On phones each line stacks, every column labelled (invoice.css); on paper it is a table. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
        <div className="invoice__table-wrap" role="region" aria-label={text.linesLabel} tabIndex={0}>
          <table className="invoice__table">
            <thead>
              <tr>
                <th scope="col">{text.description}</th>
                <th scope="col">{text.sac}</th>
                <th scope="col" className="num">
                  {text.price}
                </th>
                <th scope="col" className="num">
                  {text.qty}
                </th>
                <th scope="col" className="num">
                  {text.taxableValue}
                </th>
                <th scope="col" className="num">
                  {text.totalAmount}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.courseId}>
                  <th scope="row">{line.name}</th>
                  <td data-label={text.sac}>{line.sac}</td>
                  <td className="num" data-label={text.price}>
                    {money(line.price, invoice.currency)}
                  </td>
                  <td className="num" data-label={text.qty}>
                    {line.qty}
                  </td>
                  <td className="num" data-label={text.taxableValue}>
                    {money(line.taxableValue, invoice.currency)}
                  </td>
                  <td className="num" data-label={text.totalAmount}>
                    {formatMoney(centsFromUsd(line.price) * line.qty, invoice.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="invoice__summary">
          <div className="invoice__words">
            <p className="invoice__label">{text.inWords}</p>
            <p className="invoice__words-text">{invoice.amountInWords}</p>
          </div>
          <dl className="invoice__totals">
            <div>
              <dt>{text.taxableValue}</dt>
              <dd>{money(totals.taxable, invoice.currency)}</dd>
            </div>
            {invoice.exportNote && (
              <div>
                <dt>{text.exportTax}</dt>
                <dd>{money(0, invoice.currency)}</dd>
              </div>
            )}
            {totals.taxes.map((tax) => (
              <div key={tax.label}>
                <dt>{text.tax(tax.label, tax.ratePct)}</dt>
                <dd>{money(tax.amount, invoice.currency)}</dd>
              </div>
            ))}
            <div className="invoice__grand-total">
              <dt>
                {credit ? creditNoteText.total : text.total} ({invoice.currency})
              </dt>
              <dd data-testid="invoice-total">{money(totals.total, invoice.currency)}</dd>
            </div>
          </dl>
        </div>

        <footer className="invoice__note">
          {credit && (
            <p className="invoice__reason">
              <strong>{creditNoteText.reason}:</strong> {credit.reason}
            </p>
          )}
          {invoice.exportNote && <p className="invoice__export">{invoice.exportNote}</p>}
          {invoice.currency === 'USD' && invoice.inr && (
            <p className="invoice__rupees" data-testid="invoice-rupees">
              <strong>{text.rupeeValue}:</strong> {text.taxableValue}{' '}
              {formatMoney(centsFromUsd(invoice.inr.taxable), 'INR')}
              {invoice.inr.taxes.map((tax) => (
                <span key={tax.label}>
                  , {text.tax(tax.label, tax.ratePct)} {formatMoney(centsFromUsd(tax.amount), 'INR')}
                </span>
              ))}
              , {text.total} {formatMoney(centsFromUsd(invoice.inr.total), 'INR')},{' '}
              {text.rupeeRate(rupeeRate(invoice.inr.rate), invoice.inr.source)}
            </p>
          )}
          <p>{invoice.reverseChargeNote}</p>
          <p>{credit ? creditNoteText.note : text.note}</p>
        </footer>
      </article>
    </>
  );
}
