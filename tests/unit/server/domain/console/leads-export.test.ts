import { describe, expect, it } from 'vitest';
import { indianDayAndTime } from '~/lib/shared/dates';
import { LEADS_HEADER, leadsCsv } from '~/server/domain/console/exports';
import { updateLead } from '~/server/domain/console/leads';
import { saveNewContactMessage } from '~/server/storage/contact-messages';
import { useBlobsServer } from '../../../../support/blobs-server';

useBlobsServer();

const now = new Date('2026-11-24T12:00:00Z');
const hour = 60 * 60 * 1000;

/** Leads stored through the storage layer, one every 10 hours back from an hour ago. */
async function storeLeads(count: number) {
  const leads = Array.from({ length: count }, (_, index) => ({
    id: `export-lead-${String(index).padStart(3, '0')}`,
    receivedAt: new Date(now.getTime() - hour - index * 10 * hour).toISOString(),
  }));
  await Promise.all(
    leads.map((lead, index) =>
      saveNewContactMessage({
        ...lead,
        client: 'sis',
        name: `Lead ${index}`,
        phone: '+919876543210',
        email: `lead.${index}@example.com`,
        message: `Message ${index}`,
      }),
    ),
  );
  return leads;
}

describe('the leads export (issue 33)', () => {
  it('writes every lead once, oldest first, across days and months and more leads than it reads at once', async () => {
    // 60 leads over 25 days, two months: more day folders than one listing, more leads than the
    // export reads at once, so answers come back out of order.
    const stored = await storeLeads(60);
    const staff = { userId: 'staff-user-id-0001', name: 'Asha', email: 'asha@example.com' };
    await updateLead(stored[3]!.id, { status: 'handled', note: 'Called back' }, staff, now);
    const text = await leadsCsv({}, now);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(LEADS_HEADER.join(','));
    const rows = lines.slice(1);
    expect(rows).toHaveLength(60);
    const oldestFirst = [...stored].reverse();
    expect(rows.map((row) => row.split(',')[0])).toEqual(
      oldestFirst.map((lead) => indianDayAndTime(new Date(lead.receivedAt))),
    );
    expect(rows.map((row) => row.split(',')[1])).toEqual(
      oldestFirst.map((lead) => `Lead ${stored.indexOf(lead)}`),
    );
    expect(rows[56]).toContain(',handled,Asha <asha@example.com>,');
  });

  it('keeps to a date range (days in India)', async () => {
    // Days 2026-11-20 and 2026-11-21 in India hold leads 7 to 11 (received 71 to 111 hours before now).
    const text = await leadsCsv({ from: '2026-11-20', to: '2026-11-21' }, now);
    const names = text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',')[1]);
    expect(names).toEqual(['Lead 11', 'Lead 10', 'Lead 9', 'Lead 8', 'Lead 7']);
  });
});
