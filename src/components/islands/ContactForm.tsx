/**
 * The contact form: 'Send Us A Message' on the contact page and 'Get A Quote' in the footer
 * (one component, two places). Rules and hints come from the shared schema the server uses too.
 */
import { contactFormText } from '~/content/ui/site';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  ContactFieldsSchema,
  normaliseEmail,
  type ContactFields,
  type ContactFieldsInput,
} from '~/lib/shared/schemas/contact';
import { sendContactMessage } from '~/stores/contact';
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactFieldsSchema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', email: '', message: '' },
  });

  const onSubmit = async (values: FormOutput) => {
    setServerErrors([]);
    const result = await sendContactMessage(values, honeypot);
    if (result.ok) reset();
    else setServerErrors(result.errors);
  };

  /** id and ARIA wiring of a field; the hint is its description once it shows. */
  const field = (name: FieldPath<FormInput>) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-hint` : undefined,
  });
  const hint = (name: FieldPath<FormInput>) => {
    const message = errors[name]?.message;
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
  const emailRegistration = register('email');

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
              {...register('name')}
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
              {...register('phone')}
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
              {...register('message')}
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
          disabled={!isValid || isSubmitting}
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
