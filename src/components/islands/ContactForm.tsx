/**
 * The contact form: 'Send Us A Message' on the contact page and 'Get A Quote' in the footer
 * (one component, two places). Rules and hints come from the shared schema the server uses too.
 *
 * A field's hint shows once the visitor leaves it, or has pressed Send (issue 23, item 2). Send is
 * disabled while the form is invalid (product-spec
 * section 4) as `aria-disabled`, so it stays focusable and pressing it shows every hint and
 * moves focus to the first field to fix instead of doing nothing (docs/decisions.md).
 */
import { contactFormText } from '~/content/ui/site';
import { ASK_ABOUT_PARAM, messageAbout } from '~/lib/shared/routes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  ContactFieldsSchema,
  type ContactFields,
  type ContactFieldsInput,
} from '~/lib/shared/schemas/contact';
import { sendContactMessage } from '~/stores/contact';
import { EmailField, Field } from './form-field';
import { useHydrated } from './use-hydrated';
import './contact-form.css';

type FormInput = ContactFieldsInput;
type FormOutput = ContactFields;

interface Props {
  /** `page`: the contact page; `footer`: the compact Get A Quote form on every page. */
  variant?: 'page' | 'footer';
  /** Visible heading of the form. */
  title: string;
  /**
   * The version of the notice the page shows beside the form (rendered by Astro, so the notice
   * costs no script), sent with the message (DECISIONS 63).
   */
  notice?: string | undefined;
  /** Id of that notice, which describes the form. */
  noticeId?: string | undefined;
}

export default function ContactForm({ variant = 'page', title, notice, noticeId }: Props) {
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
    getValues,
    setValue,
    formState: { errors, isValid, isSubmitting, isSubmitted, touchedFields },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactFieldsSchema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', email: '', message: '' },
  });

  // Sent here to ask about something ("Ask about this course", "Get Quote"): the message starts
  // with it (issue 23, item 9).
  useEffect(() => {
    if (variant !== 'page') return;
    const about = new URLSearchParams(window.location.search).get(ASK_ABOUT_PARAM);
    if (about?.trim() && getValues('message') === '') setValue('message', messageAbout(about));
  }, [variant, getValues, setValue]);

  const onSubmit = async (values: FormOutput) => {
    setServerErrors([]);
    const result = await sendContactMessage(
      values,
      honeypot,
      variant === 'footer' ? 'quote' : 'contact',
      notice,
    );
    if (result.ok) {
      reset();
      setChanged(new Set());
    } else setServerErrors(result.errors);
  };

  /** A field's hint, once it was changed or a send was tried. */
  const shownError = (name: FieldPath<FormInput>) =>
    isSubmitted || changed.has(name) || touchedFields[name] ? errors[name]?.message : undefined;
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
  // Registered in page order: a press of Send focuses the first field to fix.
  const labels = contactFormText.labels;
  const nameRegistration = track(register('name'));
  const phoneRegistration = track(register('phone'));
  const emailRegistration = track(register('email'));
  const messageRegistration = track(register('message'));

  return (
    <>
      <form
        className={`contact-form contact-form--${variant}`}
        aria-labelledby={`${id}-title`}
        aria-describedby={noticeId}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
      >
        <h2 id={`${id}-title`} className="contact-form__title">
          {title}
        </h2>
        <div className="contact-form__grid">
          <Field block="contact-form" id={`${id}-name`} label={labels.name} hint={shownError('name')}>
            {(wiring) => (
              <input
                {...wiring}
                {...nameRegistration}
                type="text"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
              />
            )}
          </Field>
          <Field
            block="contact-form"
            id={`${id}-phone`}
            label={labels.phone}
            help={contactFormText.phoneHelp}
            hint={shownError('phone')}
          >
            {(wiring) => (
              <input
                {...wiring}
                {...phoneRegistration}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
              />
            )}
          </Field>
          <EmailField
            block="contact-form"
            className="contact-form__field--wide"
            id={`${id}-email`}
            label={labels.email}
            hint={shownError('email')}
            registration={emailRegistration}
          />
          <Field
            block="contact-form"
            className="contact-form__field--wide"
            id={`${id}-message`}
            label={labels.message}
            hint={shownError('message')}
          >
            {(wiring) => (
              <textarea
                {...wiring}
                {...messageRegistration}
                rows={variant === 'footer' ? 3 : 5}
                maxLength={CONTACT_LIMITS.message}
              />
            )}
          </Field>
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
