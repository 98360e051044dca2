/** The cart's count as the header shows it, on the cart link and on the account button. */
export default function CartBadge({ count, onAccount = false }: { count: number; onAccount?: boolean }) {
  if (count <= 0) return null;
  return (
    <span
      className={onAccount ? 'site-header__badge site-header__badge--account' : 'site-header__badge'}
      aria-hidden="true"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
