import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gstr1Summary, MissingRate } from '~/lib/shared/schemas/console';
import { GSTR1_TABLES } from '~/server/domain/console/gstr1';
import {
  $gstMonth,
  formatRupees,
  GSTR1_DOWNLOADS,
  gstr1Href,
  isEmptyMonth,
  checkRateDraft,
  lastMonthOf,
  loadGstMonth,
  missingRateDays,
  monthName,
  saveExchangeRate,
} from '~/stores/console-gst';

const OCTOBER: Gstr1Summary = {
  month: '2026-10',
  invoices: 3,
  taxable: 102111.02,
  cgst: 915.18,
  sgst: 915.18,
  igst: 18379.98,
  exports: 1416.99,
  creditNotes: 1,
  net: 120491,
  missingRates: [],
};

/** The summary endpoint: `answers` by month (a string: a 400 with that sentence); the paths asked. */
function stubSummary(answers: Record<string, Gstr1Summary | string>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const answer = answers[new URL(path, 'http://console.test').searchParams.get('month') ?? ''];
      return typeof answer === 'string' || answer === undefined
        ? new Response(JSON.stringify({ errors: [answer ?? 'No such month.'] }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
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

describe('the GST returns month (issue 29, item 8)', () => {
  it('opens on last month, across a new year too', () => {
    expect(lastMonthOf('2026-11-25')).toBe('2026-10');
    expect(lastMonthOf('2027-01-01')).toBe('2026-12');
    expect(lastMonthOf('2026-10-31')).toBe('2026-09');
    expect(monthName('2026-10')).toBe('October 2026');
  });

  it("reads the month's totals from the summary endpoint and shows them in rupees", async () => {
    const paths = stubSummary({ '2026-10': OCTOBER });
    const loading = loadGstMonth('2026-10');
    expect($gstMonth.get()).toMatchObject({ month: '2026-10', loading: true, summary: undefined });
    await loading;
    expect(paths).toEqual(['/api/console/summary?month=2026-10']);
    expect($gstMonth.get()).toEqual({ month: '2026-10', summary: OCTOBER, loading: false, error: undefined });
    expect(formatRupees(OCTOBER.taxable)).toBe('₹1,02,111.02');
    expect(formatRupees(OCTOBER.net)).toBe('₹1,20,491.00');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    // More refunded than sold in a month: the net is below zero, said with a minus sign.
    expect(formatRupees(-1500)).toBe('−₹1,500.00');
  });

  it('says a month with nothing issued is empty, and one with only a credit note is not', () => {
    const nothing = {
      ...OCTOBER,
      invoices: 0,
      creditNotes: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      net: 0,
    };
    expect(isEmptyMonth(nothing)).toBe(true);
    expect(isEmptyMonth({ ...nothing, creditNotes: 1, net: -118 })).toBe(false);
    expect(isEmptyMonth(OCTOBER)).toBe(false);
  });

  it("refuses a month that does not exist with the server's sentence, asking nothing", async () => {
    const paths = stubSummary({});
    for (const month of ['2026-13', '26-10', '', '2100-01']) {
      await loadGstMonth(month);
      expect($gstMonth.get()).toEqual({
        month,
        summary: undefined,
        loading: false,
        error: 'Choose a month as YYYY-MM, from 2000-01 to 2099-12.',
      });
    }
    expect(paths).toEqual([]);
  });

  it("shows the server's sentence when the month cannot be filed from here", async () => {
    const sentence =
      'These USD documents have no rupee value recorded, so the month cannot be filed from here: SIS-2526-000007.';
    stubSummary({ '2025-06': sentence });
    await loadGstMonth('2025-06');
    expect($gstMonth.get()).toEqual({
      month: '2025-06',
      summary: undefined,
      loading: false,
      error: sentence,
    });
  });

  it('drops an answer for a month no longer chosen', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.includes('2026-09')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : new Response(JSON.stringify(OCTOBER), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const september = loadGstMonth('2026-09');
    await loadGstMonth('2026-10');
    answer(new Response(JSON.stringify({ ...OCTOBER, month: '2026-09', invoices: 9 })));
    await september;
    expect($gstMonth.get().summary).toEqual(OCTOBER);
  });

  it("offers every GSTR-1 table the server writes, once, named with its table's number", () => {
    expect(GSTR1_DOWNLOADS.map((file) => file.table)).toEqual([...GSTR1_TABLES]);
    expect(GSTR1_DOWNLOADS.map((file) => `${file.name} ${file.number}`)).toEqual([
      'B2B 4A',
      'B2CL 5',
      'B2CS 7',
      'EXP 6A',
      'CDNR 9B',
      'CDNUR 9B',
      'HSN B2B 12',
      'HSN B2C 12',
      'Documents issued 13',
    ]);
    expect(gstr1Href('hsn-b2c', '2026-10')).toBe('/api/console/export/gstr1/hsn-b2c.csv?month=2026-10');
  });
});

describe("a day's exchange rate from the GST returns tab (DECISIONS 47)", () => {
  const MISSING: MissingRate[] = [
    { number: 'SIS-CN2627-00002', kind: 'credit note', date: '2026-09-15' },
    { number: 'SIS-2627-000103', kind: 'invoice', date: '2026-09-15' },
    { number: 'SIS-2627-000099', kind: 'invoice', date: '2026-09-02' },
  ];

  it('lists the days without a rate, oldest first, each with its documents', () => {
    expect(missingRateDays(MISSING)).toEqual([
      { date: '2026-09-02', documents: [MISSING[2]] },
      { date: '2026-09-15', documents: [MISSING[0], MISSING[1]] },
    ]);
  });

  it('checks the form with the shared schema and sends nothing while a field is wrong', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(checkRateDraft({ date: ' 2026-09-15 ', usdInr: ' 83.4521 ', source: ' RBI ' })).toEqual({
      ok: true,
      input: { date: '2026-09-15', usdInr: 83.4521, source: 'RBI' },
    });
    expect(await saveExchangeRate({ date: '2026-09-31', usdInr: '83,45', source: '' })).toEqual({
      ok: false,
      fields: {
        date: 'Enter a date that exists, from 2000-01-01 to 2099-12-31.',
        usdInr: 'Enter the rate as a number of rupees per US dollar, such as 83.4521.',
        source: 'Say where the rate comes from, such as "RBI reference rate".',
      },
      errors: [],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the rate, then reads the month shown again, keeping its figures meanwhile', async () => {
    const entry = {
      date: '2026-09-15',
      usdInr: 80,
      source: 'RBI',
      enteredBy: 'Asha <asha@example.com>',
      enteredAt: '2026-11-26T10:00:00.000Z',
    };
    const september = { ...OCTOBER, month: '2026-09', missingRates: MISSING };
    const calls: string[] = [];
    let answerMonth: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${path}`);
        if (init?.method === 'POST') {
          expect(JSON.parse(String(init.body))).toEqual({ date: '2026-09-15', usdInr: 80, source: 'RBI' });
          return new Response(JSON.stringify(entry), { headers: { 'Content-Type': 'application/json' } });
        }
        return calls.length === 1
          ? new Response(JSON.stringify(september), { headers: { 'Content-Type': 'application/json' } })
          : new Promise<Response>((resolve) => (answerMonth = resolve));
      }),
    );
    await loadGstMonth('2026-09');
    const saved = saveExchangeRate({ date: '2026-09-15', usdInr: '80', source: 'RBI' });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect($gstMonth.get()).toMatchObject({ month: '2026-09', loading: true, summary: september });
    answerMonth(
      new Response(JSON.stringify({ ...september, missingRates: [MISSING[2]] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await saved).toEqual({ ok: true, rate: entry });
    expect(calls).toEqual([
      'GET /api/console/summary?month=2026-09',
      'POST /api/console/exchange-rates',
      'GET /api/console/summary?month=2026-09',
    ]);
    expect($gstMonth.get().summary?.missingRates).toEqual([MISSING[2]]);
  });
});
