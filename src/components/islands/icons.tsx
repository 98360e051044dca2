/**
 * Every line icon of the islands, drawn in the current colour and hidden from assistive
 * technology (the control around it carries the words). One component, one table: the header,
 * the account dialog and the shop no longer draw their own SVGs.
 */
import type { ReactNode } from 'react';

interface IconDrawing {
  /** Side of the square viewBox. */
  readonly box: number;
  /** Rendered width and height in CSS pixels. */
  readonly size: number;
  readonly stroke: number;
  readonly round?: 'cap' | 'cap-and-join';
  readonly body: ReactNode;
}

/** The shop's panel icons: 24 x 24, stroked at 1.8 with round ends and joins. */
const panel = (body: ReactNode): IconDrawing => ({
  box: 24,
  size: 24,
  stroke: 1.8,
  round: 'cap-and-join',
  body,
});

const ICONS = {
  cart: panel(
    <>
      <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" />
      <circle cx="9.5" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>,
  ),
  bag: panel(
    <>
      <path d="M5 8h14l-1 12H6L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </>,
  ),
  lock: panel(
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </>,
  ),
  check: panel(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" />
    </>,
  ),
  search: panel(
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
      <path d="M9 11h4" />
    </>,
  ),
  alert: panel(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5" />
      <path d="M12 16.5v.01" />
    </>,
  ),
  trash: {
    box: 24,
    size: 18,
    stroke: 1.8,
    round: 'cap',
    body: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
  },
  print: {
    box: 24,
    size: 18,
    stroke: 1.8,
    body: (
      <path
        strokeLinejoin="round"
        d="M7 9V3h10v6M7 18H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-3M7 14h10v7H7z"
      />
    ),
  },
  newTab: {
    box: 16,
    size: 14,
    stroke: 1.6,
    round: 'cap',
    body: <path d="M9 3h4v4M13 3 7.5 8.5M11 9.5V13H3V5h3.5" />,
  },
  close: { box: 20, size: 20, stroke: 2, round: 'cap', body: <path d="M5 5l10 10M15 5 5 15" /> },
  arrowRight: {
    box: 24,
    size: 22,
    stroke: 2.2,
    round: 'cap-and-join',
    body: <path d="M5 12h13M13 6l6 6-6 6" />,
  },
  chevronDown: { box: 16, size: 14, stroke: 2, body: <path d="M3.5 6 8 10.5 12.5 6" /> },
  person: {
    box: 20,
    size: 18,
    stroke: 1.8,
    body: (
      <>
        <circle cx="10" cy="7" r="3.5" />
        <path d="M3.5 17c1.2-3.2 3.6-4.8 6.5-4.8s5.3 1.6 6.5 4.8" />
      </>
    ),
  },
  /** The header's cart: fuller, with filled wheels. */
  headerCart: {
    box: 24,
    size: 22,
    stroke: 1.8,
    round: 'cap-and-join',
    body: (
      <>
        <path d="M3 4h2.2l2.1 10.4a1.6 1.6 0 0 0 1.6 1.3h8.3a1.6 1.6 0 0 0 1.6-1.2L20.5 8H6.1" />
        <circle cx="9.5" cy="19.5" r="1.4" fill="currentColor" stroke="none" />
        <circle cx="17" cy="19.5" r="1.4" fill="currentColor" stroke="none" />
      </>
    ),
  },
  /** The carousel's controls. */
  previous: { box: 24, size: 20, stroke: 2, round: 'cap-and-join', body: <path d="M15 5l-7 7 7 7" /> },
  next: { box: 24, size: 20, stroke: 2, round: 'cap-and-join', body: <path d="M9 5l7 7-7 7" /> },
  pause: { box: 24, size: 20, stroke: 2, round: 'cap-and-join', body: <path d="M8 5v14M16 5v14" /> },
  play: { box: 24, size: 20, stroke: 2, round: 'cap-and-join', body: <path d="M7 4.5v15l12-7.5Z" /> },
} satisfies Record<string, IconDrawing>;

export type IconName = keyof typeof ICONS;

/** A decorative line icon by name; `size` overrides its usual size. */
export function Icon({ name, className, size }: { name: IconName; className?: string; size?: number }) {
  const icon: IconDrawing = ICONS[name];
  const side = size ?? icon.size;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${icon.box} ${icon.box}`}
      width={side}
      height={side}
      fill="none"
      stroke="currentColor"
      strokeWidth={icon.stroke}
      strokeLinecap={icon.round ? 'round' : undefined}
      strokeLinejoin={icon.round === 'cap-and-join' ? 'round' : undefined}
      aria-hidden="true"
      focusable="false"
    >
      {icon.body}
    </svg>
  );
}
