/**
 * /login (DECISIONS 26): the dialog's forms on a page. After signing in, the visitor goes to the
 * same-site path named by `?next=` (e.g. /checkout), or home.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { accountFormCopy } from '~/content/ui/account-forms';
import { DEFAULT_NEXT_PATH, safeNextPath } from '~/lib/shared/next-path';
import { flashOnNextPage } from '~/stores/notifications';
import { $user } from '~/stores/session';
import { useHydrated } from '../use-hydrated';
import AccountForms from './AccountForms';

function nextPath(): string {
  return typeof location === 'undefined'
    ? DEFAULT_NEXT_PATH
    : safeNextPath(new URLSearchParams(location.search).get('next'));
}

export default function LoginPanel() {
  const titleId = useId();
  const hydrated = useHydrated();
  const $storedUser = useStore($user);
  const user = hydrated ? $storedUser : null;

  return (
    <div className="login-panel card">
      {user ? (
        <div className="account-forms">
          <h2 id={titleId} className="account-forms__title">
            {accountFormCopy.titles.signin}
          </h2>
          <p>{accountFormCopy.signedIn.message(user.username)}</p>
          <a className="button button--primary" href={nextPath()}>
            {accountFormCopy.signedIn.continue}
          </a>
        </div>
      ) : (
        <AccountForms
          titleId={titleId}
          onSignedIn={(message) => {
            if (message) flashOnNextPage(message);
            location.assign(nextPath());
          }}
        />
      )}
    </div>
  );
}
