/**
 * Small pieces the shop's islands share: the loading, message and sign-in panels, the price with
 * its list price struck through, and the "opens in a new tab" hint.
 */
import type { ReactNode, Ref } from 'react';
import { shopText } from '~/content/ui/shop';
import { centsFromUsd, formatUsd } from '~/lib/shared/money';
import { requestSignIn } from '~/stores/account-dialog';
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

const ICON_PATHS: Record<PanelIcon, ReactNode> = {
  cart: (
    <>
      <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" />
      <circle cx="9.5" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>
  ),
  bag: (
    <>
      <path d="M5 8h14l-1 12H6L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
      <path d="M9 11h4" />
    </>
  ),
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5" />
      <path d="M12 16.5v.01" />
    </>
  ),
};

/** A line icon (24 x 24, stroked in the current colour); decorative. */
export function ShopIcon({ name, className }: { name: PanelIcon; className?: string }) {
  return (
    <svg
      className={className ?? 'shop-icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name]}
    </svg>
  );
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
export function SignInPanel({ heading, text }: { heading: string; text: string }) {
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

/** A price in USD (as API answers carry it) with the list price struck through when higher. */
export function ShopPrice({ fees, discountedFees }: { fees: number; discountedFees: number }) {
  const listCents = centsFromUsd(fees);
  const nowCents = centsFromUsd(discountedFees);
  return (
    <p className="shop-price">
      {nowCents < listCents && (
        <>
          <span className="visually-hidden">{shopText.regularFee}</span>
          <s className="shop-price__was">{formatUsd(listCents)}</s>
          <span className="visually-hidden">{shopText.now}</span>
        </>
      )}
      <strong className="shop-price__now">{formatUsd(nowCents)}</strong>
    </p>
  );
}

/** The hint after a link with `target="_blank"`: an icon, read as "(opens in a new tab)". */
export function NewTabHint() {
  return (
    <>
      <svg
        className="shop-new-tab"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M9 3h4v4M13 3 7.5 8.5M11 9.5V13H3V5h3.5" />
      </svg>
      <span className="visually-hidden"> ({shopText.newTab})</span>
    </>
  );
}
