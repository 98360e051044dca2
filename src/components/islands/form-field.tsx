/**
 * A form field as every form of the site shows it: the label, the input (rendered by `children`
 * with its ARIA wiring), a help line and the rule's hint, styled by the form's class block. The
 * account forms and the contact form both build on it.
 */
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { normaliseEmail } from '~/lib/shared/schemas/contact';

/** The longest e-mail address any form takes (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;

/** What a field's input needs to be labelled and described. */
interface FieldWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The form's class block: `account-forms` (default), `contact-form` or `attendees-form`; the field's classes derive from it. */
  block?: 'account-forms' | 'contact-form' | 'attendees-form' | undefined;
  /** More classes on the field's wrapper, e.g. `contact-form__field--wide`. */
  className?: string | undefined;
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
export function Field({ block = 'account-forms', className, id, label, help, hint, children }: FieldProps) {
  const describedBy = [help ? `${id}-help` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `${block}__field ${className}` : `${block}__field`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': hint ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {help && (
        <p className={`${block}__help`} id={`${id}-help`}>
          {help}
        </p>
      )}
      {hint && (
        <p className={`${block}__hint`} id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field wired to react-hook-form by its registration. */
export interface RegisteredFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint: string | undefined;
  readonly registration: UseFormRegisterReturn;
}

/** An e-mail field, lower-cased as typed (DECISIONS 23). */
export function EmailField({
  block,
  className,
  id,
  label,
  hint,
  registration,
}: RegisteredFieldProps & Pick<FieldProps, 'block' | 'className'>) {
  return (
    <Field block={block} className={className} id={id} label={label} hint={hint}>
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
          maxLength={EMAIL_MAX_LENGTH}
        />
      )}
    </Field>
  );
}
