import { describe, expect, it } from 'vitest';
import type { Backup } from '~/lib/shared/schemas/console';
import { backupHref, hoursSince, isStale, STALE_AFTER_HOURS } from '~/stores/console-backups';

const backup = (at: string): Backup => ({
  id: at.replaceAll(/[:.]/g, '-'),
  at,
  kind: 'nightly',
  stores: [],
  offsite: 'off',
});
const NOW = new Date('2026-11-26T12:00:00.000Z');

describe("the Backups tab's warning (DECISIONS 61)", () => {
  it('warns when there is no backup, or the newest is 26 hours old or more', () => {
    expect(STALE_AFTER_HOURS).toBe(26);
    expect(isStale([], NOW)).toBe(true);
    expect(isStale([backup('2026-11-25T10:00:01.000Z')], NOW)).toBe(false);
    expect(isStale([backup('2026-11-25T10:00:00.000Z')], NOW)).toBe(true);
    // Only the newest counts.
    expect(isStale([backup('2026-11-26T11:00:00.000Z'), backup('2026-10-01T00:00:00.000Z')], NOW)).toBe(
      false,
    );
  });

  it('counts whole hours, and links each file', () => {
    expect(hoursSince('2026-11-25T09:30:00.000Z', NOW)).toBe(26);
    expect(backupHref('2026-11-25T20-30-00-000Z')).toBe('/api/console/backups/2026-11-25T20-30-00-000Z');
  });
});
