/**
 * The personal-data cards (DECISIONS 63): the download of everything held on the user, and
 * closing the account, which says what is erased and what the law keeps, then asks for DELETE and
 * the password in a modal dialog (focus kept inside, Escape closes, focus back to the opener).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountPageText } from '~/content/ui/account-page';
import { ACCOUNT_LIMITS, DeleteAccountRequestSchema } from '~/lib/shared/schemas/account';
import type * as z from '~/lib/shared/zod';
import { ACCOUNT_DATA_PATH, closeAccount } from '~/stores/your-account';
import { AccountForm, Field, SubmitRow, useSend } from '../account/form-parts';
import { keepFocusInside } from '../keep-focus-inside';
import '../account/account-dialog.css';
import { AccountCard } from './AccountCard';

export function DataCard() {
  const text = accountPageText.data;
  return (
    <AccountCard heading={text.heading} intro={<p>{text.intro}</p>}>
      <p className="account-card__actions">
        <a className="button button--outline" href={ACCOUNT_DATA_PATH} download>
          {text.download}
          <span className="visually-hidden">{text.fileHint}</span>
        </a>
      </p>
    </AccountCard>
  );
}

const text = accountPageText.close;

export function CloseAccountCard() {
  // The dialog shown, by number (0: none); each press opens a new one. Escape closes a <dialog>
  // and gives focus back to the opener at once, but its `close` event comes a task later, and an
  // Enter on the opener can come first (input goes ahead of other tasks on a busy page): that
  // `close` belongs to the dialog before and must not shut the one the Enter opened (issue 42,
  // item 11).
  const [shown, setShown] = useState(0);
  const opened = useRef(0);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <AccountCard
      heading={text.heading}
      tone="danger"
      intro={
        <>
          <p>{text.erasedIntro}</p>
          <ul>
            {text.erased.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>
            <strong>{text.keptIntro}</strong> {text.kept}
          </p>
          <p>{text.afterwards}</p>
        </>
      }
    >
      <p className="account-card__actions">
        <button
          ref={opener}
          className="button button--danger"
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            opened.current += 1;
            setShown(opened.current);
          }}
        >
          {text.open}
        </button>
      </p>
      {shown > 0 && (
        <CloseAccountDialog
          key={shown}
          onClosed={() => {
            if (opened.current !== shown) return;
            setShown(0);
            opener.current?.focus();
          }}
        />
      )}
    </AccountCard>
  );
}

type DeleteInput = z.input<typeof DeleteAccountRequestSchema>;
type DeleteFields = z.output<typeof DeleteAccountRequestSchema>;

function CloseAccountDialog({ onClosed }: { onClosed: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { errors, submit } = useSend(closeAccount);
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isSubmitting },
  } = useForm<DeleteInput, unknown, DeleteFields>({
    resolver: zodResolver(DeleteAccountRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The literal DELETE is what the schema asks; the field starts empty.
    defaultValues: { confirm: '' as 'DELETE', password: '' },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  return (
    // The dialog handles Escape natively; the handler only wraps Tab.
    <dialog
      ref={dialog}
      className="account-dialog account-dialog--danger"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onKeyDown={keepFocusInside}
      onClose={onClosed}
    >
      <div className="account-dialog__panel">
        <h2 className="account-forms__title" id={`${id}-title`}>
          {text.dialogTitle}
        </h2>
        <AccountForm busy={isSubmitting} onSubmit={(event) => void handleSubmit(submit)(event)}>
          <p className="account-forms__intro" id={`${id}-intro`}>
            {text.dialogIntro}
          </p>
          <Field id={`${id}-confirm`} label={text.confirmLabel} hint={hints.confirm?.message}>
            {(wiring) => (
              <input
                {...wiring}
                {...register('confirm')}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={10}
              />
            )}
          </Field>
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
          <SubmitRow labels={[text.submit, text.busy]} busy={isSubmitting} disabled={false} errors={errors}>
            <button
              className="button account-forms__secondary"
              type="button"
              onClick={() => dialog.current?.close()}
            >
              {accountPageText.cancel}
            </button>
          </SubmitRow>
        </AccountForm>
      </div>
    </dialog>
  );
}
