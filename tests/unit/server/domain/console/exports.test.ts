import { describe, expect, it } from 'vitest';
import { neutralise, toCsv } from '~/server/domain/console/exports';

describe('CSV cells a spreadsheet could run (API.md, Company console)', () => {
  it('neutralises a formula start, fullwidth forms included, and leaves other text as it is', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      expect(neutralise(`${start}HYPERLINK("http://x")`), JSON.stringify(start)).toBe(
        `'${start}HYPERLINK("http://x")`,
      );
    }
    for (const text of ['Rané Joshi', 'a=b', ' =1', '', '１＋１']) expect(neutralise(text)).toBe(text);
    expect(toCsv(['Name'], [['＝1+1']])).toBe("\uFEFFName\r\n'＝1+1\r\n");
  });
});
