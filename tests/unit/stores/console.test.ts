import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead, MailRow } from '~/lib/shared/schemas/console';
import { $attention, $mail, loadAttention, loadMail, retryMail } from '~/stores/console';

const mail = (id: string, status: MailRow['status'], queuedAt: string): MailRow => ({
  id,
  to: ['someone@example.com'],
  subject: `Mail ${id}`,
  queuedAt,
  status,
  tries: status === 'failed' ? 8 : 1,
  lastError: status === 'sent' ? null : 'Mailbox unavailable',
  nextAttemptAt: null,
});
const lead = (id: string): Lead => ({
  id,
  receivedAt: '2026-11-24T10:00:00.000Z',
  name: 'Kiran Rao',
  phone: '+919876543210',
  email: 'kiran@example.in',
  message: 'Please call.',
  client: 'sis',
  status: 'new',
  handledBy: null,
  handledAt: null,
  note: null,
  mail: {
    company: { status: 'sent', attempts: 1 },
    visitor: { status: 'sent', attempts: 1 },
  } as Lead['mail'],
});

const FAILED = [mail('f1', 'failed', '2026-11-24T09:00:00.000Z')];
const PENDING = [
  mail('p1', 'pending', '2026-11-24T11:00:00.000Z'),
  mail('p2', 'pending', '2026-11-24T08:00:00.000Z'),
];

/** The console API as the store calls it: mail by status, the first page of new leads. */
function stubConsoleApi(leads: { items: Lead[]; cursor: string | null }) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      paths.push(`${init.method ?? 'GET'} ${path}`);
      const body = path.endsWith('/retry')
        ? { ...PENDING[0]!, status: 'sent', tries: 2, lastError: null }
        : path.includes('status=failed')
          ? { items: FAILED }
          : path.includes('status=pending')
            ? { items: PENDING }
            : leads;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return paths;
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console opens on what needs a person (issue 30, item 5)', () => {
  it('counts new leads, failed and waiting e-mail for the first screen', async () => {
    const leads = Array.from({ length: 50 }, (_, index) => lead(`20261124t100000000z-${index}`));
    stubConsoleApi({ items: leads, cursor: 'next-page' });
    await loadAttention();
    expect($attention.get()).toEqual({
      counts: { newLeads: { count: 50, more: true }, failedMail: 1, pendingMail: 2 },
      error: false,
    });
  });

  it('shows failed and waiting e-mail together, newest first, and keeps a retried one only while unsent', async () => {
    const paths = stubConsoleApi({ items: [], cursor: null });
    expect($mail.get().filter.status).toBe('all');
    await loadMail();
    expect(paths).toEqual(['GET /api/console/mail?status=failed', 'GET /api/console/mail?status=pending']);
    expect($mail.get().items?.map((row) => row.id)).toEqual(['p1', 'f1', 'p2']);
    expect(await retryMail('p1')).toEqual({ ok: true });
    expect($mail.get().items?.map((row) => row.id)).toEqual(['f1', 'p2']);
  });
});
