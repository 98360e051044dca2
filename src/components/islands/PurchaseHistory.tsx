/**
 * The Purchase history page's island: every order, newest first, with its number, date (in
 * India), courses, prices paid and a link to its invoice in a new tab; 'No course purchased'
 * when there is none (product-spec sections 2 and 8). A refunded course says so, with the amount
 * given back and its credit note (issue 28).
 */
import { useStore } from '@nanostores/react';
import { shopText } from '~/content/ui/shop';
import { historyText as text } from '~/content/ui/documents';
import { courseDetailLink } from '~/lib/shared/course-pages';
import { formatIndianDate } from '~/lib/shared/dates';
import { centsFromUsd, formatMoney, sumCents } from '~/lib/shared/money';
import type { PurchasedItem } from '~/lib/shared/schemas/shop';
import { $purchases, $purchasesLoadFailed, loadPurchases } from '~/stores/orders';
import { $user } from '~/stores/session';
import { NewTabHint, SignedInList } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './purchase-history.css';

interface Order {
  orderNo: string;
  orderDate: string;
  items: PurchasedItem[];
}

/** The purchases grouped by order, newest order first. */
function ordersOf(purchases: readonly PurchasedItem[]): Order[] {
  const byNumber = new Map<string, Order>();
  for (const item of purchases) {
    const order = byNumber.get(item.orderNo);
    if (order) order.items.push(item);
    else byNumber.set(item.orderNo, { orderNo: item.orderNo, orderDate: item.orderDate, items: [item] });
  }
  return [...byNumber.values()].sort(
    (a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate) || b.orderNo.localeCompare(a.orderNo),
  );
}

export default function PurchaseHistory() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user) !== null;
  const $items = useStore($purchases);
  const $failed = useStore($purchasesLoadFailed);

  return (
    <SignedInList
      hydrated={hydrated}
      signedIn={$signedIn}
      items={$items}
      failed={$failed}
      reload={() => void loadPurchases()}
      text={text}
      list={(items) => (
        <ol className="orders" aria-label={text.listLabel}>
          {ordersOf(items).map((order) => (
            <li key={order.orderNo}>
              <article className="order" aria-labelledby={`order-${order.orderNo}`} data-testid="order">
                <header className="order__head">
                  <h2 className="order__title" id={`order-${order.orderNo}`}>
                    <span className="order__label">{text.orderNumber}</span>{' '}
                    <span className="order__number">{order.orderNo}</span>
                  </h2>
                  <dl className="order__facts">
                    <div>
                      <dt>{text.date}</dt>
                      <dd>
                        <time dateTime={order.orderDate}>{formatIndianDate(order.orderDate)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{text.orderTotal}</dt>
                      <dd>
                        {formatMoney(
                          sumCents(order.items.map((item) => centsFromUsd(item.discountedFees))),
                          order.items[0]?.currency ?? 'USD',
                        )}
                      </dd>
                    </div>
                  </dl>
                  <a
                    className="button button--outline order__invoice"
                    href={`/invoice?id=${encodeURIComponent(order.orderNo)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {text.invoice}
                    <span className="visually-hidden">{shopText.invoiceFor(order.orderNo)}</span>
                    <NewTabHint />
                  </a>
                </header>
                <table className="order__lines">
                  <caption className="visually-hidden">{text.order(order.orderNo)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{text.course}</th>
                      <th scope="col">{text.pricePaid}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.items.map((item) => (
                      <tr key={item.id}>
                        <td>
                          <span className="order__course">
                            <img className="order__cover" src={item.url} alt="" width="64" height="36" />
                            <a href={courseDetailLink(item)}>{item.name}</a>
                          </span>
                        </td>
                        <td className="order__price">
                          {formatMoney(centsFromUsd(item.discountedFees), item.currency)}
                          {item.refund?.creditNoteNo !== undefined && (
                            <span className="order__refund" data-testid="refund">
                              {text.refunded(
                                formatMoney(centsFromUsd(item.refund.amount), item.currency),
                                formatIndianDate(item.refund.at),
                              )}{' '}
                              <a
                                href={`/credit-note?id=${encodeURIComponent(item.refund.creditNoteNo)}&order=${encodeURIComponent(item.orderNo)}`}
                                target="_blank"
                                rel="noopener"
                              >
                                {text.creditNote(item.refund.creditNoteNo)}
                                <NewTabHint />
                              </a>
                            </span>
                          )}
                          {item.refund && item.refund.creditNoteNo === undefined && (
                            <span className="order__refund" data-testid="refund">
                              {text.refundPending(
                                formatMoney(centsFromUsd(item.refund.amount), item.currency),
                                formatIndianDate(item.refund.at),
                              )}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            </li>
          ))}
        </ol>
      )}
    />
  );
}
