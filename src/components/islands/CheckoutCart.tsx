/**
 * The Checkout page's island (product-spec sections 2, 4 and 8; issue 18): the cart list
 * (scrolling at 480 px), a Delete button per course, billing details, the tax and Pay; 'Your cart
 * is empty' when it is. Back from the gateway: `?placed={orderNo}` shows the order's confirmation
 * (on reload too), `?payment=failed` and `?payment=cancelled` the cart as it was with a message.
 * Back without the gateway's answer (Back, a reload, a lost connection), the page asks what became
 * of the payment this tab started (issue 28): 'We are confirming your payment.', then the order,
 * the refund or the failure, never a live Pay for a payment that may have gone through. The
 * outcome gets focus, so the page opens on it.
 */
import { useStore } from '@nanostores/react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
} from 'react';
import { shopText } from '~/content/ui/shop';
import { checkoutText as text } from '~/content/ui/checkout';
import { courseDetailLink } from '~/lib/shared/course-pages';
import { formatMoney } from '~/lib/shared/money';
import { batchText } from '~/content/ui/batches';
import type { CartItem } from '~/lib/shared/schemas/shop';
import {
  $cart,
  $cartBusy,
  $cartChanged,
  $cartLoadFailed,
  lineCents,
  loadCart,
  removeFromCart,
} from '~/stores/cart';
import { watchSeatsLeft } from '~/stores/batches';
import { $likelyCurrency } from '~/stores/remembered-billing';
import {
  $paymentOutcome,
  backToCart,
  followPayment,
  outcomeShown,
  type ReturnKind,
} from '~/stores/payment-outcome';
import { $user } from '~/stores/session';
import { LoadingPanel, MessagePanel, ShopGate, ShopPrice } from './ShopParts';
import CartLineBatch from './checkout/CartLineBatch';
import PlacedOrder from './checkout/PlacedOrder';
import { returnOf } from './checkout/return-of';
import { Icon } from './icons';
import { useHydrated } from './use-hydrated';
import './checkout-cart.css';

/**
 * The order summary: billing form, tax and Pay, with the form library they need (~16 KB gzipped).
 * Loaded when the visitor comes to it: as it nears the screen (at once beside the cart on a wide
 * screen; below the cart on a phone) or at their first scroll, touch, key or press on the page, as
 * the footer's form is (issue 20: a customer who only looks at their cart, or signs out, does not
 * download it; one who scrolls to pay finds it there).
 */
const PaymentPanel = lazy(() => import('./checkout/PaymentPanel'));

/** How far below the screen the summary starts loading. */
const SUMMARY_MARGIN = '400px';
const FIRST_USE_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

type SummaryProps = ComponentProps<typeof PaymentPanel>;

/** The order summary once the visitor comes to it; until then its frame with a spinner. */
function OrderSummary(props: SummaryProps) {
  const [wanted, setWanted] = useState(false);
  const frame = useRef<HTMLElement>(null);

  useEffect(() => {
    const node = frame.current;
    if (wanted || !node) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: SUMMARY_MARGIN,
    });
    observer.observe(node);
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, want, { passive: true, once: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, want);
    };
  }, [wanted]);

  const waiting = (
    <aside
      className="checkout__summary checkout__summary--waiting"
      aria-labelledby={props.headingId}
      ref={frame}
    >
      <h2 id={props.headingId} className="checkout__summary-heading">
        {text.summaryHeading}
      </h2>
      <LoadingPanel label={text.summaryLoading} />
    </aside>
  );
  return wanted ? (
    <Suspense fallback={waiting}>
      <PaymentPanel {...props} />
    </Suspense>
  ) : (
    waiting
  );
}

/** How the page came back from the gateway, as `followPayment` takes it. */
function returnKind(returned: ReturnType<typeof returnOf>): ReturnKind {
  return returned?.kind === 'placed' && returned.refunded ? 'refunded' : returned?.kind;
}

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
  const $busy = useStore($cartBusy);
  const $changed = useStore($cartChanged);
  const $currency = useStore($likelyCurrency);
  const [removed, setRemoved] = useState<{ name: string; count: number }>({ name: '', count: 0 });
  const heading = useRef<HTMLHeadingElement>(null);
  const returned = useMemo(() => (hydrated ? returnOf(window.location.search) : undefined), [hydrated]);
  const followed = useStore($paymentOutcome);
  // Until the page has asked what became of this tab's payment, it shows that it is confirming it:
  // never the address's 'did not go through' or a live Pay for a payment that may be otherwise.
  const $outcome = hydrated ? outcomeShown(followed, returnKind(returned)) : followed;
  // The outcome of a payment is where the page opens: its panel is scrolled to the top of the
  // screen (below the header: the page's scroll-padding) and its heading takes focus as it
  // appears, so a phone shows the outcome, not the page's hero with the outcome under the fold
  // (issue 42, item 5). Stable, so a render does not focus it again.
  const focusOutcome = useCallback((node: HTMLHeadingElement | null) => {
    if (!node) return;
    node.focus({ preventScroll: true });
    (node.closest('.shop-panel') ?? node).scrollIntoView({ block: 'start' });
  }, []);

  // What became of the payment this tab started: asked when the page opens, and again when Back
  // brings it from the back-forward cache.
  useEffect(() => {
    if (!hydrated || !$signedIn) return;
    const follow = () => void followPayment(returnKind(returnOf(window.location.search)));
    follow();
    // Back to a page kept as it was left for the gateway: its cart may since be paid for.
    const again = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      follow();
      void loadCart();
    };
    window.addEventListener('pageshow', again);
    return () => window.removeEventListener('pageshow', again);
  }, [hydrated, $signedIn]);

  // A payment found placed: the address says so, so a reload shows the confirmation again.
  const placedNo =
    returned?.kind === 'placed'
      ? returned.orderNo
      : $outcome.state === 'placed'
        ? $outcome.orderNo
        : undefined;
  // A payment of this order refunded (a second one): the server's sentence, or what the address says.
  const refundNote =
    ($outcome.state === 'placed' ? $outcome.message : undefined) ??
    (returned?.kind === 'placed' && returned.refunded ? text.extraRefundedText : undefined);
  useEffect(() => {
    if (followed.state === 'placed')
      history.replaceState(null, '', `?placed=${encodeURIComponent(followed.orderNo)}`);
  }, [followed]);

  // What the page charges is what it shows (DECISIONS 45): the server's cart is read again when
  // the tab comes back to the front (a course may have been added on another device).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void loadCart();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);

  // While courses are in the cart, the seats left of their batches are asked again (focus, a
  // return to the tab, every half minute): a batch that fills shows full at once (issue 42, item 6).
  const hasItems = ($items?.length ?? 0) > 0;
  useEffect(
    () => (hydrated && $signedIn && hasItems ? watchSeatsLeft() : undefined),
    [hydrated, $signedIn, hasItems],
  );

  // After a delete the pressed button is gone, and a changed cart must be looked at: focus goes
  // to the heading shown.
  useEffect(() => {
    if (removed.count > 0 || $changed > 0) heading.current?.focus();
  }, [removed, $changed]);

  const notice =
    $changed > 0
      ? { tone: 'warning', heading: text.changedHeading, text: text.changedText }
      : $outcome.state === 'failed'
        ? { tone: 'danger', heading: text.failedHeading, text: $outcome.message }
        : returned?.kind === 'failed'
          ? { tone: 'danger', heading: text.failedHeading, text: text.failedText }
          : returned?.kind === 'cancelled'
            ? { tone: 'warning', heading: text.cancelledHeading, text: text.cancelledText }
            : undefined;

  const onDelete = async (item: CartItem) => {
    if (await removeFromCart(item.id)) setRemoved((last) => ({ name: item.name, count: last.count + 1 }));
  };

  let content;
  if (!hydrated || !$signedIn) {
    content = <ShopGate signedOut={hydrated} text={text} />;
  } else if (placedNo) {
    content = (
      <>
        {refundNote && (
          <div className="checkout__notice checkout__notice--placed" role="status">
            <Icon name="alert" />
            <div>
              <h2 className="checkout__notice-heading" ref={focusOutcome} tabIndex={-1}>
                {text.extraRefundedHeading}
              </h2>
              <p>{refundNote}</p>
            </div>
          </div>
        )}
        <PlacedOrder orderNo={placedNo} headingRef={refundNote ? undefined : focusOutcome} />
      </>
    );
  } else if ($outcome.state === 'confirming') {
    content = <LoadingPanel label={text.confirming} />;
  } else if ($outcome.state === 'refunded') {
    content = (
      <div role="status">
        <MessagePanel
          icon="alert"
          tone="warning"
          heading={text.refundedHeading}
          text={
            $outcome.orderNo
              ? `${$outcome.message} ${text.refundedOrder($outcome.orderNo)}`
              : $outcome.message
          }
          headingRef={focusOutcome}
        >
          {$outcome.orderNo && (
            <a className="button button--primary" href="/purchasehistory">
              {text.history}
            </a>
          )}
          <button className="button button--outline" type="button" onClick={backToCart}>
            {text.backToCart}
          </button>
        </MessagePanel>
      </div>
    );
  } else if ($outcome.state === 'unconfirmed') {
    content = (
      <div role="status">
        <MessagePanel
          icon="alert"
          tone="warning"
          heading={text.unconfirmedHeading}
          text={text.unconfirmedText}
          headingRef={focusOutcome}
        >
          <button
            className="button button--primary"
            type="button"
            onClick={() => void followPayment(undefined)}
          >
            {text.checkAgain}
          </button>
          <a className="button button--outline" href="/purchasehistory">
            {text.history}
          </a>
          <button className="button button--outline" type="button" onClick={backToCart}>
            {text.backToCart}
          </button>
        </MessagePanel>
      </div>
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
    content = (
      <div className="checkout">
        {notice && (
          <div className={`checkout__notice checkout__notice--${notice.tone}`} role="alert">
            <Icon name="alert" />
            <div>
              <h2 className="checkout__notice-heading" ref={focusOutcome} tabIndex={-1}>
                {notice.heading}
              </h2>
              <p>{notice.text}</p>
            </div>
          </div>
        )}
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
                    <CartLineBatch item={item} />
                    <div className="cart-item__side">
                      <ShopPrice prices={item} currency={$currency} />
                      {item.seats > 1 && (
                        <p className="cart-item__line-total">
                          {batchText.lineTotal(
                            item.seats,
                            formatMoney(lineCents({ ...item, seats: 1 }, $currency), $currency),
                            formatMoney(lineCents(item, $currency), $currency),
                          )}
                        </p>
                      )}
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
        <OrderSummary
          prices={{
            USD: $items.map((item) => lineCents(item, 'USD')),
            INR: $items.map((item) => lineCents(item, 'INR')),
          }}
          headingId="summary-heading"
          itemCount={$items.length}
        />
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
