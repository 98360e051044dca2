/**
 * Building blocks of the account forms: the fields the sign-up and reset forms share (code, new
 * password twice; the labelled field and the e-mail field come from ../form-field), the submit
 * row, the send and the error list.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { accountFormCopy } from '~/content/ui/account-forms';
import { ACCOUNT_LIMITS, CODE_RESEND_AFTER_MS } from '~/lib/shared/schemas/account';
import { EmailField, Field } from '../form-field';

export { EmailField, Field };
import type { AccountResult } from '~/stores/session';

/** The server's sentences after a failed send or register, in red (product-spec section 8). */
export function ErrorList({ errors, children }: { errors: readonly string[]; children?: ReactNode }) {
  // The live region stays in the page so that a new list is announced.
  return (
    <div role="alert" className="account-forms__alert">
      {errors.length > 0 && (
        <ul className="account-forms__errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {errors.length > 0 && children}
    </div>
  );
}

/** A control that switches form (sign-up, sign-in, reset): a button that looks like a link. */
export function SwitchButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  // A press leaves the form for another: the field being left must not show its hint on the way
  // (it would push this button down between the press and the release, and the click would miss).
  return (
    <button
      type="button"
      className="account-forms__switch"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The form element every account form uses: no browser validation bubbles, busy while it sends. */
export function AccountForm({
  busy,
  onSubmit,
  children,
}: {
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="account-forms__form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      {children}
    </form>
  );
}

/** The hint of a field's broken rule, from a form's errors (none while the field is fine). */
function hintOf(errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The code step's opening (sign-up and password reset): where the code went, then the field for
 * it, wired to `form`, whose field `verificationcode` it is.
 */
export function CodeEntry<T extends FieldValues>({
  id,
  notice,
  label,
  form,
}: {
  id: string;
  notice: string;
  label: string;
  form: UseFormReturn<T>;
}) {
  return (
    <>
      <p className="account-forms__intro account-forms__intro--notice">{notice}</p>
      <Field
        id={`${id}-code`}
        label={label}
        hint={hintOf(form.formState.errors as FieldErrors, 'verificationcode')}
      >
        {(wiring) => (
          <input
            {...wiring}
            {...form.register('verificationcode' as Path<T>)}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCOUNT_LIMITS.verificationCode}
            className="account-forms__code"
          />
        )}
      </Field>
    </>
  );
}

/**
 * A new password and the same again, side by side (sign-up and password reset), wired to `form`,
 * whose fields `password` and `repassword` they are. After each change of the first, a
 * re-password already typed is compared again (its hint may appear or go).
 */
export function NewPasswordFields<T extends FieldValues>({
  id,
  labels,
  form,
}: {
  id: string;
  labels: { readonly password: string; readonly repassword: string; readonly passwordHelp?: string };
  form: UseFormReturn<T>;
}) {
  const [password, repassword] = ['password', 'repassword'] as Path<T>[] as [Path<T>, Path<T>];

  const registered = form.register(password);
  return (
    <div className="account-forms__row">
      <Field
        id={`${id}-password`}
        label={labels.password}
        help={labels.passwordHelp}
        hint={hintOf(form.formState.errors as FieldErrors, 'password')}
      >
        {(wiring) => (
          <input
            {...wiring}
            {...registered}
            onChange={async (event) => {
              await registered.onChange(event);
              if (form.getFieldState(repassword).isDirty) void form.trigger(repassword);
            }}
            type="password"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
          />
        )}
      </Field>
      <Field
        id={`${id}-repassword`}
        label={labels.repassword}
        hint={hintOf(form.formState.errors as FieldErrors, 'repassword')}
      >
        {(wiring) => (
          <input
            {...wiring}
            {...form.register(repassword)}
            type="password"
            autoComplete="new-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
          />
        )}
      </Field>
    </div>
  );
}

/** The form's main button (its label while busy), any secondary ones, then the server's errors. */
export function SubmitRow({
  labels: [label, busyLabel],
  busy,
  disabled,
  errors,
  children,
}: {
  /** The button's label, and its label while the form sends. */
  labels: readonly [string, string];
  busy: boolean;
  disabled: boolean;
  errors: readonly string[];
  children?: ReactNode;
}) {
  return (
    <>
      <div className="account-forms__actions">
        {/* Greyed while a rule fails, yet pressable: pressing shows every hint and moves focus to
            the first field to fix (issue 23, item 2). Disabled only while the form sends. */}
        <button
          className="button button--primary account-forms__submit"
          type="submit"
          disabled={busy}
          aria-disabled={disabled || undefined}
        >
          {busy ? busyLabel : label}
        </button>
        {children}
      </div>
      <ErrorList errors={errors} />
    </>
  );
}

/**
 * A form's send: clears the server's sentences, runs `send`, then calls `onDone` when it worked
 * or keeps the sentences to show in the form's `ErrorList`.
 */
export function useSend<F>(
  send: (fields: F) => Promise<AccountResult>,
  onDone?: () => void,
): { readonly errors: readonly string[]; readonly submit: (fields: F) => Promise<void> } {
  const [errors, setErrors] = useState<readonly string[]>([]);
  const submit = async (fields: F) => {
    setErrors([]);
    const result = await send(fields);
    if (result.ok) onDone?.();
    else setErrors(result.errors);
  };
  return { errors, submit };
}

/** Whole seconds until 'Send the code again' is offered, at `now`. */
export function secondsToResend(sentAt: number | undefined, now: number): number {
  return sentAt === undefined ? 0 : Math.max(0, Math.ceil((sentAt + CODE_RESEND_AFTER_MS - now) / 1000));
}

/**
 * 'Send the code again' on an e-mailed-code step (issue 42, item 6): offered `CODE_RESEND_AFTER_MS`
 * after the code was sent (`sentAt`). Until then the button says nothing when pressed (marked
 * `aria-disabled`, so it stays in the tab order) and the seconds left are written beside it as
 * its description, which no live region repeats each second; once it is offered that is said
 * once. A press asks for a new code with `resend` (the flow's own call, its limits and their 429
 * sentence as ever): `sentText` when it went, the server's sentences when not.
 */
export function ResendCode({
  id,
  sentAt,
  resend,
  sentText,
}: {
  id: string;
  sentAt: number | undefined;
  resend: () => Promise<AccountResult>;
  sentText: string;
}) {
  const text = accountFormCopy.resend;
  const [now, setNow] = useState(() => Date.now());
  const [readySaid, setReadySaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const seconds = secondsToResend(sentAt, now);
  const waiting = seconds > 0;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      // The wait is over: said once, politely (the seconds before it were not announced).
      if (secondsToResend(sentAt, at) === 0) setReadySaid(true);
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, sentAt]);

  const press = async () => {
    if (waiting || busy) return;
    setBusy(true);
    setSent('');
    setErrors([]);
    setReadySaid(false);
    const result = await resend();
    setBusy(false);
    setNow(Date.now());
    if (result.ok) setSent(sentText);
    else setErrors(result.errors);
  };

  return (
    <div className="account-forms__resend">
      <p className="account-forms__resend-row">
        <button
          type="button"
          className="account-forms__switch"
          aria-disabled={waiting || busy || undefined}
          aria-describedby={waiting ? `${id}-resend-wait` : undefined}
          // As SwitchButton: the code field being left must not show its hint on the way and move
          // this button from under the pointer between the press and the release.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => void press()}
        >
          {busy ? text.sending : text.button}
        </button>
        {waiting && (
          <span className="account-forms__resend-wait" id={`${id}-resend-wait`}>
            {text.wait(seconds)}
          </span>
        )}
      </p>
      <p className="visually-hidden" role="status">
        {readySaid && !waiting ? text.ready : ''}
      </p>
      <p className="account-forms__resend-sent" role="status">
        {sent}
      </p>
      <ErrorList errors={errors} />
    </div>
  );
}
