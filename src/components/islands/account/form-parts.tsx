/**
 * Building blocks of the account forms: a labelled field with its hint, the fields the sign-up
 * and reset forms share (e-mail, code, new password twice), the submit row and the error list.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { ACCOUNT_LIMITS } from '~/lib/shared/schemas/account';
import { normaliseEmail } from '~/lib/shared/schemas/contact';
import type { AccountResult } from '~/stores/session';

/** What a field's input needs to be labelled and described. */
export interface FieldWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** Id of the input; the label, help and hint ids derive from it. */
  id: string;
  label: string;
  /** A standing explanation under the label, e.g. "10 digits". */
  help?: string | undefined;
  /** The rule's hint, shown once the field was changed or a send was tried. */
  hint?: string | undefined;
  children: (wiring: FieldWiring) => ReactNode;
}

/** A label, the input (rendered by `children` with its ARIA wiring), a help line and the hint. */
export function Field({ id, label, help, hint, children }: FieldProps) {
  const describedBy = [help ? `${id}-help` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="account-forms__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': hint ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {help && (
        <p className="account-forms__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {hint && (
        <p className="account-forms__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The server's sentences after a failed send or register, in red (product-spec section 8). */
export function ErrorList({ errors }: { errors: readonly string[] }) {
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
    </div>
  );
}

/** A control that switches form (sign-up, sign-in, reset): a button that looks like a link. */
export function SwitchButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className="account-forms__switch" onClick={onClick}>
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

/** A field wired to react-hook-form by its registration. */
interface RegisteredFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint: string | undefined;
  readonly registration: UseFormRegisterReturn;
}

/** An e-mail field, lower-cased as typed (DECISIONS 23). */
export function EmailField({ id, label, hint, registration }: RegisteredFieldProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(wiring) => (
        <input
          {...wiring}
          {...registration}
          onChange={(event) => {
            event.target.value = normaliseEmail(event.target.value);
            return registration.onChange(event);
          }}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={ACCOUNT_LIMITS.email}
        />
      )}
    </Field>
  );
}

/** The field for the e-mailed code (sign-up and password reset). */
export function CodeField({ id, label, hint, registration }: RegisteredFieldProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(wiring) => (
        <input
          {...wiring}
          {...registration}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ACCOUNT_LIMITS.verificationCode}
          className="account-forms__code"
        />
      )}
    </Field>
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
  const errors = form.formState.errors as FieldErrors;
  const hintOf = (name: string) => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const registered = form.register(password);
  return (
    <div className="account-forms__row">
      <Field
        id={`${id}-password`}
        label={labels.password}
        help={labels.passwordHelp}
        hint={hintOf('password')}
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
      <Field id={`${id}-repassword`} label={labels.repassword} hint={hintOf('repassword')}>
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
  label,
  busyLabel,
  busy,
  disabled,
  errors,
  children,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  errors: readonly string[];
  children?: ReactNode;
}) {
  return (
    <>
      <div className="account-forms__actions">
        <button
          className="button button--primary account-forms__submit"
          type="submit"
          disabled={disabled || busy}
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
