/**
 * Pieces every card of the Your account page shares: the card itself (a region named by its
 * <h2>), and the line that announces what a card's action did.
 */
import { useId, type ReactNode } from 'react';

/** A card of the account page: a `<section>` labelled by its heading, an intro, then its content. */
export function AccountCard({
  heading,
  intro,
  tone,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  /** `danger`: closing the account. */
  tone?: 'danger';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={tone ? `account-card account-card--${tone}` : 'account-card'}
      aria-labelledby={`${id}-heading`}
    >
      <h2 className="account-card__heading" id={`${id}-heading`}>
        {heading}
      </h2>
      {intro && <div className="account-card__intro">{intro}</div>}
      {children}
    </section>
  );
}

/**
 * What an action did ('Saved.'), announced politely: the live region stays in the page so each
 * new sentence is read.
 */
export function StatusLine({ message }: { message: string }) {
  return (
    <p className="account-card__status" role="status">
      {message}
    </p>
  );
}
