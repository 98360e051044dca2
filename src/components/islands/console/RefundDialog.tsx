/**
 * A staff refund of one order (issue 28, item 2; DECISIONS 49): the whole order or chosen courses,
 * with a reason, then a confirm step that names the amount and the buyer, then the refund's state
 * and its credit note. A modal <dialog> (showModal: the console behind is inert), labelled by its
 * title; Escape and Cancel close it, Tab stays inside, focus goes back to the Refund button (or,
 * when nothing is left to refund, to the order's refunds). The
 * request is the store's `refundOrder`: one Idempotency-Key per intended refund, so pressing
 * Refund twice makes one refund.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { formatAmount } from '~/lib/shared/currency-amount';
import type { OrderRow } from '~/lib/shared/schemas/console';
import {
  REFUND_REASON_MAX,
  RefundRequestSchema,
  type Refund,
  type RefundRequest,
} from '~/lib/shared/schemas/payments';
import * as z from '~/lib/shared/zod';
import { refundOrder } from '~/stores/console-payments';
import { keepFocusInside } from '../keep-focus-inside';

const text = consoleText.refunds;

/** The credit note's page (a new tab): the buyer's or staff's copy, printable on one A4 page. */
export function creditNoteHref(orderNo: string, creditNoteNo: string): string {
  return `/credit-note?id=${encodeURIComponent(creditNoteNo)}&order=${encodeURIComponent(orderNo)}`;
}

type Step =
  | { readonly name: 'form' }
  | { readonly name: 'confirm'; readonly request: RefundRequest }
  | { readonly name: 'done'; readonly refund: Refund };

interface Props {
  readonly order: OrderRow;
  /** Course ids already refunded (not offered again). */
  readonly refunded: ReadonlySet<number>;
  /** Closed (Escape, Cancel, Close): the opener puts focus back. */
  readonly onClosed: () => void;
  /** Told of a refund made (the panel announces it). */
  readonly onRefunded: (refund: Refund) => void;
}

export function RefundDialog({ order, refunded, onClosed, onRefunded }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [whole, setWhole] = useState(refunded.size === 0);
  const left = order.lines.filter((line) => !refunded.has(line.courseId));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState('');
  const [hints, setHints] = useState<{ reason?: string; courses?: string }>({});
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>('input')?.focus();
  }, []);

  // Each step's heading takes focus, so a screen reader hears where it is.
  useEffect(() => {
    if (step.name !== 'form') stepHeading.current?.focus();
  }, [step]);

  const close = () => dialog.current?.close();

  const linesOf = (request: RefundRequest) =>
    request.courseIds ? left.filter((line) => request.courseIds!.includes(line.courseId)) : left;
  const amountOf = (request: RefundRequest) =>
    formatAmount(
      linesOf(request).reduce((sum, line) => sum + Math.round(line.price * 100), 0) / 100,
      order.currency,
    );
  const countOf = (request: RefundRequest) => {
    const n = linesOf(request).length;
    return n === 1 ? '1 course' : `${n} courses`;
  };

  const onContinue = () => {
    const parsed = z.safeParse(RefundRequestSchema, {
      reason,
      ...(whole ? {} : { courseIds: [...chosen] }),
    });
    if (!parsed.success) {
      const next: { reason?: string; courses?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'reason') next.reason ??= issue.message;
        if (issue.path[0] === 'courseIds') next.courses ??= issue.message;
      }
      setHints(next);
      dialog.current
        ?.querySelector<HTMLElement>(next.courses ? `#${CSS.escape(`${id}-c0`)}` : 'textarea')
        ?.focus();
      return;
    }
    setHints({});
    setErrors([]);
    setStep({ name: 'confirm', request: parsed.data });
  };

  const onConfirm = async (request: RefundRequest) => {
    if (busy) return;
    setBusy(true);
    const result = await refundOrder(order.orderNo, request);
    setBusy(false);
    if (result.ok) {
      onRefunded(result.refund);
      setStep({ name: 'done', refund: result.refund });
    } else {
      setErrors(result.errors);
    }
  };

  const titleId = `${id}-title`;
  return (
    // The dialog handles Escape natively; the handler only wraps Tab.
    <dialog
      ref={dialog}
      className="console-dialog"
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onClose={onClosed}
    >
      <div className="console-dialog__panel">
        <h2 id={titleId} className="console-dialog__title">
          {text.title(order.orderNo)}
        </h2>
        {step.name === 'form' && (
          <form
            className="console-dialog__body"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onContinue();
            }}
          >
            <p className="console-dialog__intro">{text.intro}</p>
            <fieldset className="console-choice console-dialog__what">
              <legend className="console-field__label">{text.whatLabel}</legend>
              <label className="console-choice__option">
                <input
                  type="radio"
                  name={`${id}-what`}
                  checked={whole}
                  disabled={refunded.size > 0}
                  onChange={() => setWhole(true)}
                />
                <span>{text.whole}</span>
              </label>
              <label className="console-choice__option">
                <input type="radio" name={`${id}-what`} checked={!whole} onChange={() => setWhole(false)} />
                <span>{text.chosen}</span>
              </label>
            </fieldset>
            <fieldset
              className="console-dialog__courses"
              disabled={whole}
              aria-describedby={hints.courses ? `${id}-courses-hint` : undefined}
            >
              <legend className="console-field__label">{text.coursesLabel}</legend>
              {order.lines.map((line, index) => {
                const done = refunded.has(line.courseId);
                return (
                  <label key={line.courseId} className="console-dialog__course">
                    <input
                      id={`${id}-c${index}`}
                      type="checkbox"
                      disabled={done}
                      checked={done || whole || chosen.has(line.courseId)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(line.courseId);
                        else next.delete(line.courseId);
                        setChosen(next);
                      }}
                    />
                    <span>{line.name}</span>
                    <span className="console-dialog__price">
                      {done ? text.alreadyRefunded : formatAmount(line.price, order.currency)}
                    </span>
                  </label>
                );
              })}
              {hints.courses && (
                <p id={`${id}-courses-hint`} className="console-error">
                  {hints.courses}
                </p>
              )}
            </fieldset>
            <label className="console-field console-dialog__reason">
              <span className="console-field__label">{text.reasonLabel}</span>
              <textarea
                value={reason}
                rows={3}
                maxLength={REFUND_REASON_MAX}
                aria-invalid={hints.reason ? true : undefined}
                aria-describedby={hints.reason ? `${id}-reason-hint` : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
            </label>
            {hints.reason && (
              <p id={`${id}-reason-hint`} className="console-error">
                {hints.reason}
              </p>
            )}
            <div className="console-dialog__actions">
              <button type="submit" className="button button--primary" disabled={left.length === 0}>
                {text.continue}
              </button>
              <button type="button" className="button button--outline" onClick={close}>
                {text.cancel}
              </button>
            </div>
          </form>
        )}
        {step.name === 'confirm' && (
          <div className="console-dialog__body">
            <h3 className="console-dialog__step" ref={stepHeading} tabIndex={-1}>
              {text.confirmHeading}
            </h3>
            <p>{text.confirmText(amountOf(step.request), countOf(step.request), order.buyer.name)}</p>
            <ul className="console-plain-list">
              {linesOf(step.request).map((line) => (
                <li key={line.courseId}>{line.name}</li>
              ))}
            </ul>
            <p>{text.confirmReason(step.request.reason)}</p>
            {errors.length > 0 && (
              <p className="console-error" role="alert">
                {errors.join(' ')}
              </p>
            )}
            <div className="console-dialog__actions">
              <button
                type="button"
                className="button button--primary"
                aria-disabled={busy || undefined}
                onClick={() => void onConfirm(step.request)}
              >
                {busy ? text.refunding : text.confirm(amountOf(step.request))}
              </button>
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  if (!busy) setStep({ name: 'form' });
                }}
              >
                {text.back}
              </button>
            </div>
          </div>
        )}
        {step.name === 'done' && (
          <div className="console-dialog__body">
            <h3 className="console-dialog__step" ref={stepHeading} tabIndex={-1}>
              {text.state[step.refund.status]}: {formatAmount(step.refund.amount, step.refund.currency)}
            </h3>
            <p role="status">{text.done[step.refund.status]}</p>
            {step.refund.creditNoteNo && (
              <p>
                <a
                  href={creditNoteHref(order.orderNo, step.refund.creditNoteNo)}
                  target="_blank"
                  rel="noopener"
                >
                  {text.creditNote(step.refund.creditNoteNo)}
                  <span className="visually-hidden">{text.creditNoteHint}</span>
                </a>
              </p>
            )}
            <div className="console-dialog__actions">
              <button type="button" className="button button--primary" onClick={close}>
                {text.close}
              </button>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
