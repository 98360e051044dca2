/**
 * The Your account page's island (DECISIONS 62-63): one card per part of the account
 * (profile, e-mail, password, signed-in devices, billing details, the data download, closing the
 * account), each a region named by its heading. Signed out it asks to sign in, as My courses does;
 * once the account is closed here it says so and where the confirmation went.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { accountPageText as text } from '~/content/ui/account-page';
import { shopText } from '~/content/ui/shop';
import { $closedAccountEmail, $profile, $profileLoadFailed, loadProfile } from '~/stores/your-account';
import { $user } from '~/stores/session';
import { LoadingPanel, MessagePanel, ShopGate } from './ShopParts';
import { BillingCard } from './your-account/BillingCard';
import { CloseAccountCard, DataCard } from './your-account/DataCards';
import { DevicesCard } from './your-account/DevicesCard';
import { EmailCard } from './your-account/EmailCard';
import { PasswordCard } from './your-account/PasswordCard';
import { ProfileCard } from './your-account/ProfileCard';
import { useHydrated } from './use-hydrated';
import './account/account-forms.css';
import './your-account/your-account.css';

function ClosedPanel({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog that closed the account is gone: its outcome takes focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <MessagePanel
      icon="check"
      tone="success"
      heading={text.close.closedHeading}
      text={text.close.closedText(email)}
      headingRef={heading}
    >
      <a className="button button--primary" href="/">
        {text.close.home}
      </a>
    </MessagePanel>
  );
}

export default function YourAccount() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user) !== null;
  const $closed = useStore($closedAccountEmail);
  const $loaded = useStore($profile);
  const $failed = useStore($profileLoadFailed);

  let content;
  if (hydrated && !$signedIn && $closed !== undefined) {
    content = <ClosedPanel email={$closed} />;
  } else if (!hydrated || !$signedIn) {
    content = <ShopGate signedOut={hydrated} text={text} />;
  } else if ($loaded === undefined && $failed) {
    content = (
      <MessagePanel icon="alert" tone="warning" heading={text.loadFailed}>
        <button className="button button--primary" type="button" onClick={() => void loadProfile()}>
          {shopText.retry}
        </button>
      </MessagePanel>
    );
  } else if ($loaded === undefined) {
    content = <LoadingPanel label={text.loading} />;
  } else {
    content = (
      <div className="your-account" data-testid="your-account">
        <ProfileCard profile={$loaded} />
        <EmailCard profile={$loaded} />
        <PasswordCard />
        <DevicesCard />
        <BillingCard profile={$loaded} />
        <DataCard />
        <CloseAccountCard />
      </div>
    );
  }
  return <div className="shop-island">{content}</div>;
}
