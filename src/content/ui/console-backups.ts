/**
 * Words of the console's Backups tab (DECISIONS 61; STYLE 3). A module of its own so the tab's
 * words do not touch the rest of the console's.
 */
export const consoleBackupsText = {
  tab: 'Backups',
  heading: 'Backups of the site’s records',
  intro:
    'Every night, at two in the morning in India, the site copies every order, invoice, credit note, payment, account, lead, batch and e-mail into a backup. The 30 newest nightly backups and 12 monthly ones (the first of each month) are kept. Signed-in sessions and codes are left out, so a restored site signs everyone out.',
  lastGood: 'Last good backup',
  none: 'There is no backup yet. The first is made tonight, at two in the morning.',
  stale: (hours: number) =>
    `The last backup is ${hours} hours old: last night’s did not finish. Tell the developer on call.`,
  fresh: 'Made in the last 26 hours.',
  caption: 'Backups, newest first',
  loading: 'Loading backups…',
  empty: 'No backups yet.',
  columns: {
    at: 'Made',
    kind: 'Kind',
    records: 'Records',
    offsite: 'Off-site copy',
    file: 'File',
  },
  kind: { nightly: 'Nightly', monthly: 'Monthly' },
  offsite: {
    copied: 'Copied and checked',
    failed: 'Failed; tried again tonight',
    off: 'Off (no bucket set)',
  },
  stores: (count: number) => `${count} stores`,
  storeRow: (name: string, records: string) => `${name}: ${records}`,
  download: 'Download',
  downloadFor: (at: string) => `the backup of ${at}`,
  restoreHint:
    'To restore a backup, a developer runs npm run restore with the downloaded file (see the README).',
} as const;
