/**
 * Erasing a lead on request (DECISIONS 63): a reason, then the erasure. The console's dialog
 * pattern (as `RefundDialog`): a modal <dialog> (showModal: the console behind is inert),
 * labelled by its title; Escape and Cancel close it, Tab stays inside, and the opener puts focus
 * back. The reason is checked by the schema the function uses.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { ERASE_REASON_MAX } from '~/lib/shared/schemas/contact-message';
import { LeadEraseRequestSchema, type Lead } from '~/lib/shared/schemas/console';
import * as z from '~/lib/shared/zod';
import { eraseLead } from '~/stores/console';
import { keepFocusInside } from '../keep-focus-inside';

const text = consoleText.leads.eraseDialog;

interface Props {
  readonly lead: Lead;
  /** Closed (Escape, Cancel, or after the erasure): the opener puts focus back. */
  readonly onClosed: () => void;
  /** Told once the lead is erased (the panel announces it). */
  readonly onErased: () => void;
}

export function EraseLeadDialog({ lead, onClosed, onErased }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [hint, setHint] = useState<string | undefined>();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>('textarea')?.focus();
  }, []);

  const close = () => dialog.current?.close();

  const onErase = async () => {
    if (busy) return;
    const parsed = z.safeParse(LeadEraseRequestSchema, { reason });
    if (!parsed.success) {
      setHint(parsed.error.issues[0]?.message);
      dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    setHint(undefined);
    setErrors([]);
    setBusy(true);
    const result = await eraseLead(lead.id, parsed.data.reason);
    setBusy(false);
    if (result.ok) {
      onErased();
      close();
    } else setErrors(result.errors);
  };

  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const helpId = `${id}-help`;
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
          {text.title(lead.name)}
        </h2>
        <form
          className="console-dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onErase();
          }}
        >
          <p className="console-dialog__intro">{text.intro}</p>
          <label className="console-field console-dialog__reason">
            <span className="console-field__label">{text.reasonLabel}</span>
            <textarea
              name="reason"
              value={reason}
              rows={3}
              maxLength={ERASE_REASON_MAX}
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? `${helpId} ${hintId}` : helpId}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <p id={helpId} className="console-muted">
            {text.reasonHelp}
          </p>
          {hint && (
            <p id={hintId} className="console-error">
              {hint}
            </p>
          )}
          {errors.length > 0 && (
            <p className="console-error" role="alert">
              {errors.join(' ')}
            </p>
          )}
          <div className="console-dialog__actions">
            <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
              {busy ? text.erasing : text.confirm}
            </button>
            <button type="button" className="button button--outline" onClick={close}>
              {text.cancel}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
