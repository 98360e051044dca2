/**
 * An order's refunds in the console's Orders tab (issue 28, item 2): each refund's state, amount
 * and credit note, and Refund… while something is left to refund, which opens the refund dialog.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { formatAmount } from '~/lib/shared/currency-amount';
import type { OrderRow } from '~/lib/shared/schemas/console';
import type { Refund } from '~/lib/shared/schemas/payments';
import { $refundsMade } from '~/stores/console-payments';
import { creditNoteHref, RefundDialog } from './RefundDialog';

const text = consoleText.refunds;
const BADGE = { pending: 'wait', processed: 'ok', failed: 'bad' } as const;

/** The order's refunds: those the list brought, and those made here since (by id, the newest kept). */
function refundsOf(order: OrderRow, made: readonly Refund[]): readonly Refund[] {
  const byId = new Map<string, Refund>();
  for (const refund of [...(order.refunds ?? []), ...made]) byId.set(refund.id, refund);
  return [...byId.values()];
}

export function RefundCell({ order }: { readonly order: OrderRow }) {
  const made = useStore($refundsMade)[order.orderNo] ?? [];
  const refunds = refundsOf(order, made);
  // A failed refund gave nothing back: its courses may be refunded again.
  const refunded = new Set(refunds.filter((r) => r.status !== 'failed').flatMap((r) => r.courseIds));
  const [open, setOpen] = useState(false);
  // Each Refund… press opens a new dialog. Escape closes the browser's dialog and gives focus back
  // at once, but its 'close' (which unmounts it here) comes a task later: a press in between
  // would otherwise find the dialog still mounted and open nothing.
  const [opened, setOpened] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [refocus, setRefocus] = useState(false);
  // Back from the dialog: on Refund…, or on the refunds when nothing is left to refund (the button is gone).
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    (opener.current ?? list.current)?.focus();
  }, [refocus]);
  const left = order.lines.some((line) => !refunded.has(line.courseId));
  return (
    <>
      {refunds.length > 0 && (
        <ul className="console-plain-list" ref={list} tabIndex={-1}>
          {refunds.map((refund) => (
            <li key={refund.id}>
              <span className={`console-badge console-badge--${BADGE[refund.status]}`}>
                {text.state[refund.status]}
              </span>{' '}
              <span className="console-nowrap">{formatAmount(refund.amount, refund.currency)}</span>
              {refund.creditNoteNo && (
                <a
                  className="console-line"
                  href={creditNoteHref(order.orderNo, refund.creditNoteNo)}
                  target="_blank"
                  rel="noopener"
                >
                  {text.creditNote(refund.creditNoteNo)}
                  <span className="visually-hidden">{text.creditNoteHint}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {left && (
        <button
          ref={opener}
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            setOpened((count) => count + 1);
            setOpen(true);
          }}
        >
          {text.open}
          <span className="visually-hidden">{text.openFor(order.orderNo)}</span>
        </button>
      )}
      {open && (
        <RefundDialog
          key={opened}
          order={order}
          refunded={refunded}
          onClosed={() => {
            setOpen(false);
            setRefocus(true);
          }}
          onRefunded={(refund) =>
            setAnnouncement(text.made(order.orderNo, formatAmount(refund.amount, refund.currency)))
          }
        />
      )}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}
