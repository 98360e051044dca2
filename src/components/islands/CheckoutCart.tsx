/**
 * The Check-Out page's island (product-spec sections 2, 4 and 8): the cart list (scrolling at
 * 480 px), a Delete button per course, the total and Check Out; 'Your cart is empty' when it is;
 * after checkout, links to the invoice and the purchase history.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { checkoutText as text, shopText } from '~/content/ui/shop';
import { courseDetailLink } from '~/lib/shared/course-pages';
import { centsFromUsd, formatUsd, sumCents } from '~/lib/shared/money';
import type { CartItem } from '~/lib/shared/schemas/shop';
import {
  $cart,
  $cartBusy,
  $cartLoadFailed,
  $checkoutPending,
  $placedOrder,
  checkout,
  loadCart,
  removeFromCart,
} from '~/stores/cart';
import { $user } from '~/stores/session';
import { LoadingPanel, MessagePanel, NewTabHint, ShopPrice, SignInPanel } from './ShopParts';
import { Icon } from './icons';
import { useHydrated } from './use-hydrated';
import './checkout-cart.css';

/** How much of a course's overview the cart shows (product-spec section 9). */
const OVERVIEW_CHARACTERS = 250;

function overviewStart(overview: string): string {
  return overview.length > OVERVIEW_CHARACTERS ? `${overview.slice(0, OVERVIEW_CHARACTERS)}…` : overview;
}

export default function CheckoutCart() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user) !== null;
  const $items = useStore($cart);
  const $failed = useStore($cartLoadFailed);
  const $pending = useStore($checkoutPending);
  const $busy = useStore($cartBusy);
  const $placed = useStore($placedOrder);
  const [removed, setRemoved] = useState<{ name: string; count: number }>({ name: '', count: 0 });
  const heading = useRef<HTMLHeadingElement>(null);

  // After a delete or a checkout the pressed button is gone: focus goes to the heading shown.
  useEffect(() => {
    if (removed.count > 0 || $placed) heading.current?.focus();
  }, [removed, $placed]);

  const onDelete = async (item: CartItem) => {
    if (await removeFromCart(item.id)) setRemoved((last) => ({ name: item.name, count: last.count + 1 }));
  };

  const onCheckout = () => {
    if (!$pending) void checkout();
  };

  let content;
  if (!hydrated) {
    content = <LoadingPanel label={text.loading} />;
  } else if (!$signedIn) {
    content = <SignInPanel heading={text.signInHeading} text={text.signInText} />;
  } else if ($placed && ($items ?? []).length === 0) {
    const invoiceHref = $placed.orderNo ? `/invoice?id=${encodeURIComponent($placed.orderNo)}` : undefined;
    content = (
      <MessagePanel
        icon="check"
        tone="success"
        heading={text.placedHeading}
        text={$placed.orderNo ? text.placedText($placed.orderNo) : text.placedTextNoNumber}
        headingRef={heading}
      >
        {invoiceHref && (
          <a className="button button--primary" href={invoiceHref} target="_blank" rel="noopener">
            {text.viewInvoice}
            <NewTabHint />
          </a>
        )}
        <a className="button button--outline" href="/purchasehistory">
          {text.history}
        </a>
      </MessagePanel>
    );
  } else if ($items === undefined && $failed) {
    content = (
      <MessagePanel icon="alert" tone="warning" heading={text.loadFailed}>
        <button className="button button--primary" type="button" onClick={() => void loadCart()}>
          {shopText.retry}
        </button>
      </MessagePanel>
    );
  } else if ($items === undefined) {
    content = <LoadingPanel label={text.loading} />;
  } else if ($items.length === 0) {
    content = (
      <MessagePanel icon="cart" heading={text.empty} text={text.emptyText} headingRef={heading}>
        <a className="button button--primary" href="/career/training">
          {text.browse}
        </a>
      </MessagePanel>
    );
  } else {
    const totalCents = sumCents($items.map((item) => centsFromUsd(item.discountedFees)));
    content = (
      <div className="checkout">
        <section className="checkout__cart" aria-labelledby="cart-heading">
          <h2 id="cart-heading" className="checkout__heading" ref={heading} tabIndex={-1}>
            {text.cartHeading} <span className="checkout__count">({text.items($items.length)})</span>
          </h2>
          {/* Keyboard users scroll the list with the arrow keys once it has focus. */}
          {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
          <div className="checkout__scroll" role="region" aria-label={text.cartRegion} tabIndex={0}>
            <ul className="checkout__list">
              {$items.map((item) => {
                const busy = $busy.has(item.id);
                return (
                  <li key={item.id} className="cart-item" data-testid="cart-item">
                    <img className="cart-item__cover" src={item.url} alt="" width="160" height="90" />
                    <div className="cart-item__head">
                      <h3 className="cart-item__name">
                        <a href={courseDetailLink(item)}>{item.name}</a>
                      </h3>
                      <p className="cart-item__reviews">{shopText.reviews(item.review)}</p>
                    </div>
                    <p className="cart-item__overview">{overviewStart(item.courseOverview)}</p>
                    <div className="cart-item__side">
                      <ShopPrice fees={item.fees} discountedFees={item.discountedFees} />
                      <button
                        className="cart-item__delete"
                        type="button"
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) void onDelete(item);
                        }}
                      >
                        <Icon name="trash" />
                        {busy ? text.deleting : text.deleteLabel}
                        <span className="visually-hidden">{text.deleteFor(item.name)}</span>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
        <aside className="checkout__summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="checkout__summary-heading">
            {text.summaryHeading}
          </h2>
          <dl className="checkout__totals">
            <div>
              <dt>{text.items($items.length)}</dt>
              <dd>{formatUsd(totalCents)}</dd>
            </div>
            <div className="checkout__total">
              <dt>{text.total}</dt>
              <dd data-testid="cart-total">
                {formatUsd(totalCents)} <span className="checkout__currency">{shopText.currency}</span>
              </dd>
            </div>
          </dl>
          <button
            className="button button--primary checkout__button"
            type="button"
            aria-disabled={$pending || undefined}
            onClick={onCheckout}
          >
            {$pending ? text.checkingOut : text.checkOut}
          </button>
          <p className="checkout__note">{text.taxNote}</p>
        </aside>
      </div>
    );
  }

  return (
    <div className="shop-island">
      {content}
      <p className="visually-hidden" role="status">
        {removed.name && text.removed(removed.name)}
      </p>
    </div>
  );
}
