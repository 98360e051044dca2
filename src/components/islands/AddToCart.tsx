/**
 * Add to cart, on every course page and training card (DECISIONS 30). Three states: the button;
 * 'In your cart' with a link to /checkout; 'Purchased' with a link to the order's invoice.
 * The server renders the button; the state from localStorage applies once hydrated. On a course
 * page it adds the batch and seats chosen there (`~/stores/batches`; DECISIONS 54-55). A press
 * answers at once: 'Adding…' with a spinner (`aria-busy`) from the press (the hydration directive
 * marks a press held before hydration) until the cart answers or, signed out, until the sign-in
 * dialog is on screen or its code is given up on (issue 31).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { addToCartText as text, shopText } from '~/content/ui/shop';
import { $accountDialogOpen, $accountDialogShown } from '~/stores/account-dialog';
import { choiceFor } from '~/stores/batches';
import { $cartBusy, $cartItems, addToCart } from '~/stores/cart';
import { notifyError } from '~/stores/notifications';
import { $purchases } from '~/stores/orders';
import { $user } from '~/stores/session';
import { NewTabHint, ShopIcon } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './add-to-cart.css';

interface Props {
  courseId: number;
  courseName: string;
  /** `card`: compact, on a training card; `page`: full width, on the course page. */
  variant?: 'card' | 'page';
  /** Adds the batch and seats chosen on the page (the course page's picker). */
  withBatch?: boolean;
}

export default function AddToCart({ courseId, courseName, variant = 'card', withBatch = false }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const $signedIn = useStore($user) !== null;
  const $items = useStore($cartItems);
  const $bought = useStore($purchases);
  const $adding = useStore($cartBusy).has(courseId);
  const $dialogShown = useStore($accountDialogShown);
  const $dialogOpen = useStore($accountDialogOpen);
  // Signed out, the press waits for the sign-in dialog's code (the header island) the first time.
  const [signingIn, setSigningIn] = useState(false);
  const $busy = $adding || (signingIn && !$dialogShown);
  const nextFocus = useRef<HTMLAnchorElement>(null);
  const movedByUser = useRef(false);

  // A refunded course is no longer owned: it can be bought again (DECISIONS 49).
  const purchase =
    hydrated && $signedIn
      ? $bought?.find((item) => item.id === courseId && item.refund?.creditNoteNo === undefined)
      : undefined;
  const inCart = hydrated && $signedIn && $items.some((item) => item.id === courseId);
  const state = purchase ? 'purchased' : inCart ? 'in-cart' : 'add';

  // The button the user pressed is gone: focus goes to the link that replaced it.
  useEffect(() => {
    if (state !== 'add' && movedByUser.current) {
      movedByUser.current = false;
      nextFocus.current?.focus();
    }
  }, [state]);

  // Ends when the dialog is on screen, or its request was dropped: the dialog's code did not come
  // in time (the store says so in a toast, issue 31).
  useEffect(() => {
    if (signingIn && ($dialogShown || $signedIn || !$dialogOpen)) setSigningIn(false);
  }, [signingIn, $dialogShown, $signedIn, $dialogOpen]);

  const onAdd = (event: MouseEvent<HTMLButtonElement>) => {
    if ($busy) return;
    const choice = withBatch ? choiceFor(courseId) : undefined;
    if (choice?.error) {
      notifyError(choice.error);
      return;
    }
    movedByUser.current = true;
    if (!$signedIn) setSigningIn(true);
    void addToCart(courseId, event.currentTarget, choice && { batchId: choice.batchId, seats: choice.seats });
  };

  return (
    <div className={`add-to-cart add-to-cart--${variant}`}>
      {state === 'add' && (
        <button
          className="button button--primary add-to-cart__button"
          type="button"
          aria-disabled={$busy || undefined}
          aria-busy={$busy || undefined}
          aria-label={text.addLabel($busy ? text.adding : text.add, courseName)}
          onClick={onAdd}
        >
          <ShopIcon name="cart" className="add-to-cart__icon" />
          <span className="add-to-cart__spinner" aria-hidden="true" />
          {$busy ? text.adding : text.add}
        </button>
      )}
      {state === 'in-cart' && (
        <p className="add-to-cart__state">
          <span className="add-to-cart__badge" id={`${id}-state`}>
            <ShopIcon name="check" className="add-to-cart__icon" />
            {text.inCart}
          </span>
          <a ref={nextFocus} className="add-to-cart__link" href="/checkout" aria-describedby={`${id}-state`}>
            {text.goToCheckout}
          </a>
        </p>
      )}
      {state === 'purchased' && purchase && (
        <p className="add-to-cart__state">
          <span className="add-to-cart__badge add-to-cart__badge--bought" id={`${id}-state`}>
            <ShopIcon name="bag" className="add-to-cart__icon" />
            {text.purchased}
          </span>
          <a
            ref={nextFocus}
            className="add-to-cart__link"
            href={`/invoice?id=${encodeURIComponent(purchase.orderNo)}`}
            target="_blank"
            rel="noopener"
            aria-describedby={`${id}-state`}
          >
            {text.viewInvoice}
            <span className="visually-hidden">{shopText.invoiceFor(purchase.orderNo)}</span>
            <NewTabHint />
          </a>
        </p>
      )}
    </div>
  );
}
