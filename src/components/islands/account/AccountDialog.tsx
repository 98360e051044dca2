/**
 * The login/register dialog (DECISIONS 26): a native <dialog> opened with showModal(), so the
 * page behind is inert and the backdrop is the browser's. Escape or Close closes it, a click on
 * the backdrop too; focus stays inside (Tab wraps) and goes back to the opener (`onClosed`).
 * Loaded on demand by the header, the first time someone opens it.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { accountFormCopy } from '~/content/ui/account-forms';
import { $accountDialogOpen, closeAccountDialog, markAccountDialogShown } from '~/stores/account-dialog';
import { notifyOnPage, showToastsIn } from '~/stores/notifications';
import { SiteToaster } from '../Toasts';
import AccountForms from './AccountForms';
import { Icon } from '../icons';
import { keepFocusInside } from '../keep-focus-inside';
import './account-dialog.css';

/** The toaster inside the dialog: the page's own is inert behind the modal. */
const DIALOG_TOASTER_ID = 'account-dialog';

export default function AccountDialog({ onClosed }: { onClosed: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);

  // The <dialog> follows the store on every change, even a close and a reopen that React would
  // render as one (a quick Escape, then Enter on the opener).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    let stopToasts: (() => void) | undefined;
    const unsubscribe = $accountDialogOpen.subscribe((open) => {
      if (open && !dialog.open) {
        dialog.showModal();
        dialog.querySelector<HTMLInputElement>('input')?.focus();
      } else if (!open && dialog.open) {
        dialog.close();
      }
      markAccountDialogShown(open);
      if (open) stopToasts ??= showToastsIn(DIALOG_TOASTER_ID);
      else {
        stopToasts?.();
        stopToasts = undefined;
      }
    });
    return () => {
      unsubscribe();
      stopToasts?.();
    };
  }, []);

  // The backdrop belongs to the <dialog> element itself; its content box is filled by the panel.
  const onPointerDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) closeAccountDialog();
    pressedOnBackdrop.current = false;
  };

  return (
    // The dialog handles Escape natively; these handlers only wrap Tab and detect backdrop clicks.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="account-dialog"
      aria-labelledby={titleId}
      // Escape: the browser closes the dialog and gives focus back at once, but fires `close` a
      // task later. The store follows on `cancel`, which comes first, so an Enter on the opener in
      // between opens the dialog again instead of being lost.
      onCancel={() => closeAccountDialog()}
      onClose={(event) => {
        // A `close` that arrives after the dialog was opened again belongs to the earlier one.
        if (event.currentTarget.open) return;
        closeAccountDialog();
        onClosed();
      }}
      onKeyDown={keepFocusInside}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <div className="account-dialog__panel">
        <button
          type="button"
          className="account-dialog__close"
          aria-label={accountFormCopy.close}
          onClick={() => closeAccountDialog()}
        >
          <Icon name="close" />
        </button>
        <AccountForms
          titleId={titleId}
          onSignedIn={(message) => {
            closeAccountDialog();
            if (message) notifyOnPage(message);
          }}
        />
      </div>
      <SiteToaster id={DIALOG_TOASTER_ID} />
    </dialog>
  );
}
