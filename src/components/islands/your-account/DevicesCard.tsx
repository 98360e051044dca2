/**
 * The signed-in devices card (DECISIONS 62): each device in words ('Chrome on Android'), this one
 * marked, when it signed in and was last seen (days and times in India); 'Sign out' for each
 * other device and for all of them at once. After each sign-out the list is read again.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountPageText } from '~/content/ui/account-page';
import { formatIndianDate, formatIndianDateTime } from '~/lib/shared/dates';
import type { Device } from '~/lib/shared/schemas/account';
import { $devices, $devicesLoadFailed, loadDevices, signOutDevice } from '~/stores/your-account';
import { ErrorList } from '../account/form-parts';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.devices;

export function DevicesCard() {
  const $list = useStore($devices);
  const $failed = useStore($devicesLoadFailed);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);

  const signOut = async (id: string) => {
    if (busy) return;
    setBusy(id);
    setStatus('');
    setErrors([]);
    const result = await signOutDevice(id);
    setBusy(undefined);
    if (result.ok) setStatus(id === 'others' ? text.othersSignedOut : text.signedOut);
    else setErrors(result.errors);
  };

  const others = $list?.filter((device) => !device.current) ?? [];
  let body;
  if ($list === undefined && $failed) {
    body = (
      <p className="account-card__value">
        {text.loadFailed}{' '}
        <button
          className="button button--outline button--small"
          type="button"
          onClick={() => void loadDevices()}
        >
          {text.retry}
        </button>
      </p>
    );
  } else if ($list === undefined) {
    body = <p className="account-card__value">{text.loading}</p>;
  } else {
    body = (
      <>
        <ul className="devices" aria-label={text.listLabel}>
          {$list.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              busy={busy === device.id}
              onSignOut={() => void signOut(device.id)}
            />
          ))}
        </ul>
        {others.length > 0 ? (
          <p className="account-card__actions">
            <button
              className="button button--outline"
              type="button"
              aria-disabled={busy !== undefined || undefined}
              onClick={() => void signOut('others')}
            >
              {busy === 'others' ? text.signingOut : text.signOutOthers}
            </button>
          </p>
        ) : (
          <p className="account-card__value">{text.onlyThis}</p>
        )}
      </>
    );
  }

  return (
    <AccountCard heading={text.heading} intro={<p>{text.intro}</p>}>
      {body}
      <StatusLine message={status} />
      <ErrorList errors={errors} />
    </AccountCard>
  );
}

function DeviceRow({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  return (
    <li className="device" data-testid="device">
      <div className="device__about">
        <p className="device__name">
          {device.device}
          {device.current && <span className="device__badge">{text.thisDevice}</span>}
        </p>
        <dl className="device__facts">
          <div>
            <dt>{text.signedInOn}</dt>
            <dd>{formatIndianDate(device.createdAt)}</dd>
          </div>
          <div>
            <dt>{text.lastSeen}</dt>
            <dd>{formatIndianDateTime(device.lastSeenAt)}</dd>
          </div>
        </dl>
      </div>
      {!device.current && (
        <button
          className="button button--outline button--small device__sign-out"
          type="button"
          aria-disabled={busy || undefined}
          onClick={onSignOut}
        >
          {busy ? text.signingOut : text.signOut}
          <span className="visually-hidden">
            {text.signOutNamed(device.device, formatIndianDateTime(device.lastSeenAt))}
          </span>
        </button>
      )}
    </li>
  );
}
