/**
 * The contact form: 'Send Us A Message' on the contact page and 'Get A Quote' in the footer
 * (one component, two places). Rules and hints come from the shared schema the server uses too.
 *
 * A field's hint shows once the visitor has changed it and left it, or has pressed Send; tabbing
 * past an empty field says nothing. Send is disabled while the form is invalid (product-spec
 * section 4) as `aria-disabled`, so it stays focusable and pressing it shows every hint and
 * moves focus to the first field to fix instead of doing nothing (docs/decisions.md).
 */
import { contactFormText } from '~/content/ui/site';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  ContactFieldsSchema,
  normaliseEmail,
  type ContactFields,
  type ContactFieldsInput,
} from '~/lib/shared/schemas/contact';
import { sendContactMessage } from '~/stores/contact';
import { useHydrated } from './use-hydrated';
import './contact-form.css';

type FormInput = ContactFieldsInput;
type FormOutput = ContactFields;

interface Props {
  /** `page`: the contact page; `footer`: the compact Get A Quote form on every page. */
  variant?: 'page' | 'footer';
  /** Visible heading of the form. */
  title: string;
}

export default function ContactForm({ variant = 'page', title }: Props) {
  const id = useId();
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [honeypot, setHoneypot] = useState('');
  // Until React handles Send, the browser would submit the fields itself (a GET with them in the
  // address): the button stays disabled until hydrated.
  const hydrated = useHydrated();
  /** Fields the visitor has typed into (a hint may show once they leave it). */
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactFieldsSchema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', email: '', message: '' },
  });

  const onSubmit = async (values: FormOutput) => {
    setServerErrors([]);
    const result = await sendContactMessage(values, honeypot, variant === 'footer' ? 'quote' : 'contact');
    if (result.ok) {
      reset();
      setChanged(new Set());
    } else setServerErrors(result.errors);
  };

  /** A field's hint, once it was changed or a send was tried. */
  const shownError = (name: FieldPath<FormInput>) =>
    isSubmitted || changed.has(name) ? errors[name]?.message : undefined;
  /** The field's registration, noting the first change. */
  const track = (registration: UseFormRegisterReturn<FieldPath<FormInput>>) => ({
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      setChanged((before) =>
        before.has(registration.name) ? before : new Set(before).add(registration.name),
      );
      return registration.onChange(event);
    },
  });
  /** id and ARIA wiring of a field; the hint is its description once it shows. */
  const field = (name: FieldPath<FormInput>) => ({
    id: `${id}-${name}`,
    'aria-invalid': shownError(name) ? true : undefined,
    'aria-describedby': shownError(name) ? `${id}-${name}-hint` : undefined,
  });
  const hint = (name: FieldPath<FormInput>) => {
    const message = shownError(name);
    return message ? (
      <p className="contact-form__hint" id={`${id}-${name}-hint`}>
        {message}
      </p>
    ) : null;
  };
  const nameProps = field('name');
  const phoneProps = field('phone');
  const emailProps = field('email');
  const messageProps = field('message');
  // Registered in page order: a press of Send focuses the first field to fix.
  const nameRegistration = track(register('name'));
  const phoneRegistration = track(register('phone'));
  const emailRegistration = track(register('email'));
  const messageRegistration = track(register('message'));

  return (
    <>
      <form
        className={`contact-form contact-form--${variant}`}
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
      >
        <h2 id={`${id}-title`} className="contact-form__title">
          {title}
        </h2>
        <div className="contact-form__grid">
          <div className="contact-form__field">
            <label htmlFor={nameProps.id}>{contactFormText.labels.name}</label>
            <input
              {...nameProps}
              {...nameRegistration}
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
            />
            {hint('name')}
          </div>
          <div className="contact-form__field">
            <label htmlFor={phoneProps.id}>{contactFormText.labels.phone}</label>
            <input
              {...phoneProps}
              {...phoneRegistration}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="98765 43210"
              maxLength={20}
            />
            {hint('phone')}
          </div>
          <div className="contact-form__field contact-form__field--wide">
            <label htmlFor={emailProps.id}>{contactFormText.labels.email}</label>
            <input
              {...emailProps}
              {...emailRegistration}
              onChange={(event) => {
                // Lower-cased as typed (DECISIONS 23).
                event.target.value = normaliseEmail(event.target.value);
                return emailRegistration.onChange(event);
              }}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={CONTACT_LIMITS.email}
            />
            {hint('email')}
          </div>
          <div className="contact-form__field contact-form__field--wide">
            <label htmlFor={messageProps.id}>{contactFormText.labels.message}</label>
            <textarea
              {...messageProps}
              {...messageRegistration}
              rows={variant === 'footer' ? 3 : 5}
              maxLength={CONTACT_LIMITS.message}
            />
            {hint('message')}
          </div>
          {/* Honeypot: people never see or reach it; bots fill it in. */}
          <div className="contact-form__trap" aria-hidden="true">
            <label htmlFor={`${id}-website`}>{contactFormText.labels.website}</label>
            <input
              id={`${id}-website`}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </div>
        </div>
        <button
          className="button button--primary contact-form__submit"
          type="submit"
          disabled={!hydrated || isSubmitting}
          aria-disabled={!isValid || undefined}
        >
          {isSubmitting ? contactFormText.sending : contactFormText.send}
        </button>
        {serverErrors.length > 0 && (
          <ul className="contact-form__errors" role="alert">
            {serverErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </form>
    </>
  );
}
