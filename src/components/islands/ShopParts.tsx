/**
 * Small pieces the shop's islands share: the loading, message and sign-in panels, the price with
 * its list price struck through, and the "opens in a new tab" hint.
 */
import type { ReactNode, Ref } from 'react';
import { shopText } from '~/content/ui/shop';
import { centsFromUsd, formatMoney, type Currency } from '~/lib/shared/money';
import { requestSignIn } from '~/stores/account-dialog';
import { Icon } from './icons';
import './shop.css';

/** A spinner with its text, announced politely (`role="status"`). */
export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="shop-panel shop-panel--loading" role="status">
      <span className="shop-spinner" aria-hidden="true" />
      <p className="shop-panel__text">{label}</p>
    </div>
  );
}

type PanelIcon = 'cart' | 'bag' | 'lock' | 'check' | 'search' | 'alert';

/** A shop icon (24 x 24 unless its class sizes it); decorative. */
export function ShopIcon({ name, className }: { name: PanelIcon; className?: string }) {
  return <Icon name={name} className={className ?? 'shop-icon'} />;
}

interface PanelProps {
  icon: PanelIcon;
  heading: string;
  text?: string | undefined;
  tone?: 'default' | 'success' | 'warning';
  /** Focus target after an action that replaced the content (tabIndex -1). */
  headingRef?: Ref<HTMLHeadingElement> | undefined;
  children?: ReactNode;
}

/** A centred message with an icon, a heading (an <h2>), a sentence and actions. */
export function MessagePanel({ icon, heading, text, tone = 'default', headingRef, children }: PanelProps) {
  return (
    <div className={`shop-panel shop-panel--${tone}`}>
      <span className="shop-panel__icon">
        <ShopIcon name={icon} />
      </span>
      <h2 className="shop-panel__heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {text && <p className="shop-panel__text">{text}</p>}
      {children && <div className="shop-panel__actions">{children}</div>}
    </div>
  );
}

/** Asks a signed-out visitor to sign in; the page fills in once they have. */
function SignInPanel({ heading, text }: { heading: string; text: string }) {
  return (
    <MessagePanel icon="lock" heading={heading} text={text}>
      <button
        className="button button--primary"
        type="button"
        onClick={(event) => requestSignIn(undefined, event.currentTarget)}
      >
        {shopText.signIn}
      </button>
    </MessagePanel>
  );
}

/**
 * What a shop page shows until its island knows who is signed in (issue 20): the loading panel
 * and the sign-in panel, one of them shown by CSS from what this browser remembers
 * (`data-remembered-user`, set before the first paint by RememberedUser.astro). A visitor nobody
 * remembers sees the sign-in panel at once and the island hydrates only when they use it;
 * `signedOut` once React knows, on the same nodes, so a press held before hydration lands on the
 * same button.
 */
export function ShopGate({
  signedOut,
  text,
}: {
  signedOut: boolean;
  /** The page's texts: its loading label and its sign-in heading and sentence. */
  text: { readonly loading: string; readonly signInHeading: string; readonly signInText: string };
}) {
  return (
    <div className={signedOut ? 'shop-gate shop-gate--signed-out' : 'shop-gate'}>
      <div className="shop-gate__loading">
        <LoadingPanel label={text.loading} />
      </div>
      <div className="shop-gate__sign-in">
        <SignInPanel heading={text.signInHeading} text={text.signInText} />
      </div>
    </div>
  );
}

/** The texts of a signed-in list page (purchase history, My courses). */
interface SignedInListText {
  readonly loading: string;
  readonly signInHeading: string;
  readonly signInText: string;
  readonly loadFailed: string;
  readonly empty: string;
  readonly emptyText: string;
  readonly browse: string;
}

/**
 * A page's list of the signed-in user's things (purchase history, My courses) in its states:
 * asked to sign in (or loading before React knows), failed with a retry, loading, empty with a
 * link to the courses, else `list(items)`.
 */
export function SignedInList<T>({
  hydrated,
  signedIn,
  items,
  failed,
  reload,
  text,
  list,
}: {
  hydrated: boolean;
  signedIn: boolean;
  /** Undefined until loaded. */
  items: readonly T[] | undefined;
  failed: boolean;
  reload: () => void;
  text: SignedInListText;
  list: (items: readonly T[]) => ReactNode;
}) {
  let content: ReactNode;
  if (!hydrated || !signedIn) {
    content = <ShopGate signedOut={hydrated} text={text} />;
  } else if (items === undefined && failed) {
    content = (
      <MessagePanel icon="alert" tone="warning" heading={text.loadFailed}>
        <button className="button button--primary" type="button" onClick={reload}>
          {shopText.retry}
        </button>
      </MessagePanel>
    );
  } else if (items === undefined) {
    content = <LoadingPanel label={text.loading} />;
  } else if (items.length === 0) {
    content = (
      <MessagePanel icon="bag" heading={text.empty} text={text.emptyText}>
        <a className="button button--primary" href="/career/training">
          {text.browse}
        </a>
      </MessagePanel>
    );
  } else {
    content = list(items);
  }
  return <div className="shop-island">{content}</div>;
}

/** A course's prices in both currencies, as API answers carry them (dollars and rupees). */
interface BothPrices {
  readonly fees: number;
  readonly discountedFees: number;
  readonly feesInr: number;
  readonly discountedFeesInr: number;
}

/**
 * A price in `currency` with the list price struck through when higher, and the other currency's
 * price beside it (DECISIONS 46: the visitor's likely currency first, the other named too).
 */
export function ShopPrice({ prices, currency }: { prices: BothPrices; currency: Currency }) {
  const inInr = currency === 'INR';
  const listCents = centsFromUsd(inInr ? prices.feesInr : prices.fees);
  const nowCents = centsFromUsd(inInr ? prices.discountedFeesInr : prices.discountedFees);
  const otherCents = centsFromUsd(inInr ? prices.discountedFees : prices.discountedFeesInr);
  return (
    <p className="shop-price">
      {nowCents < listCents && (
        <>
          <span className="visually-hidden">{shopText.regularFee}</span>
          <s className="shop-price__was">{formatMoney(listCents, currency)}</s>
          <span className="visually-hidden">{shopText.now}</span>
        </>
      )}
      <strong className="shop-price__now">{formatMoney(nowCents, currency)}</strong>
      <span className="shop-price__other">
        {shopText.otherPrice(formatMoney(otherCents, inInr ? 'USD' : 'INR'), inInr ? 'USD' : 'INR')}
      </span>
    </p>
  );
}

/** The hint after a link with `target="_blank"`: an icon, read as "(opens in a new tab)". */
export function NewTabHint() {
  return (
    <>
      <Icon name="newTab" className="shop-new-tab" />
      <span className="visually-hidden"> ({shopText.newTab})</span>
    </>
  );
}
