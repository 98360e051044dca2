/** Building blocks of the account forms: a labelled field with its hint, and the error list. */
import type { ReactNode } from 'react';

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
