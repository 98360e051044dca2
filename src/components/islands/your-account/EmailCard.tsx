/**
 * The e-mail card (DECISIONS 62): the current address; 'Change e-mail' asks for the new address
 * and the password, a code goes to the new address, and the code confirms the change. The old
 * address is told by the server; the card says so. The server's sentences show as given.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountFormCopy } from '~/content/ui/account-forms';
import { accountPageText } from '~/content/ui/account-page';
import {
  ACCOUNT_LIMITS,
  EmailChangeRequestSchema,
  VerificationFieldsSchema,
} from '~/lib/shared/schemas/account';
import type { Profile } from '~/lib/shared/schemas/profile';
import type * as z from '~/lib/shared/zod';
import {
  $pendingEmailChange,
  cancelEmailChange,
  requestEmailChange,
  resendEmailCode,
  verifyEmailChange,
  type PendingEmailChange,
} from '~/stores/your-account';
import {
  AccountForm,
  CodeEntry,
  EmailField,
  Field,
  ResendCode,
  SubmitRow,
  useSend,
} from '../account/form-parts';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.email;

type Step = 'show' | 'ask';

export function EmailCard({ profile }: { profile: Profile }) {
  const $pending = useStore($pendingEmailChange);
  const [step, setStep] = useState<Step>('show');
  const [status, setStatus] = useState('');
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    cancelEmailChange();
    setStep('show');
    // Focus goes back to the button that opened the form (after React shows it again).
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <AccountCard heading={text.heading}>
      <p className="account-card__value">
        {text.current}: <strong data-testid="account-email">{profile.email}</strong>
      </p>
      {$pending ? (
        <CodeStep
          pending={$pending}
          onDone={(old, email) => {
            setStep('show');
            setStatus(text.changed(email, old));
          }}
          onCancel={close}
          oldEmail={profile.email}
        />
      ) : step === 'ask' ? (
        <AskStep onCancel={close} />
      ) : (
        <p className="account-card__actions">
          <button
            ref={opener}
            className="button button--outline"
            type="button"
            onClick={() => {
              setStatus('');
              setStep('ask');
            }}
          >
            {text.change}
          </button>
        </p>
      )}
      <StatusLine message={status} />
    </AccountCard>
  );
}

type AskInput = z.input<typeof EmailChangeRequestSchema>;
type AskFields = z.output<typeof EmailChangeRequestSchema>;

function AskStep({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const { errors, submit } = useSend(requestEmailChange);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors: hints, isSubmitting },
  } = useForm<AskInput, unknown, AskFields>({
    resolver: zodResolver(EmailChangeRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <AccountForm busy={isSubmitting} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <p className="account-forms__intro">{text.intro}</p>
      <div className="account-forms__row">
        <EmailField
          id={`${id}-email`}
          label={text.newEmail}
          hint={hints.email?.message}
          registration={register('email')}
        />
        <Field id={`${id}-password`} label={text.password} hint={hints.password?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...register('password')}
              type="password"
              autoComplete="current-password"
              maxLength={ACCOUNT_LIMITS.passwordMax}
            />
          )}
        </Field>
      </div>
      <SubmitRow labels={[text.send, text.sending]} busy={isSubmitting} disabled={false} errors={errors}>
        <button className="button account-forms__secondary" type="button" onClick={onCancel}>
          {accountPageText.cancel}
        </button>
      </SubmitRow>
    </AccountForm>
  );
}

type CodeInput = z.input<typeof VerificationFieldsSchema>;
type CodeFields = z.output<typeof VerificationFieldsSchema>;

function CodeStep({
  pending,
  oldEmail,
  onDone,
  onCancel,
}: {
  pending: PendingEmailChange;
  oldEmail: string;
  onDone: (old: string, email: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { errors, submit } = useSend(verifyEmailChange, () => onDone(oldEmail, pending.email));
  const form = useForm<CodeInput, unknown, CodeFields>({
    resolver: zodResolver(VerificationFieldsSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { verificationcode: '' },
  });
  const {
    handleSubmit,
    setFocus,
    formState: { isSubmitting },
  } = form;
  useEffect(() => setFocus('verificationcode'), [setFocus]);

  return (
    <AccountForm busy={isSubmitting} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <CodeEntry id={id} notice={text.codeSent(pending.email)} label={text.code} form={form} />
      <SubmitRow
        labels={[text.confirm, text.confirming]}
        busy={isSubmitting}
        disabled={false}
        errors={errors}
      >
        <button className="button account-forms__secondary" type="button" onClick={onCancel}>
          {accountPageText.cancel}
        </button>
      </SubmitRow>
      <ResendCode
        id={id}
        sentAt={pending.sentAt}
        resend={resendEmailCode}
        sentText={accountFormCopy.resend.sent(pending.email)}
      />
    </AccountForm>
  );
}
