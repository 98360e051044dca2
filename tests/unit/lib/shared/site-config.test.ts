import { describe, expect, it } from 'vitest';
import { assertSiteConfig } from '~/lib/shared/schemas/site-config';
import { site } from '~/site.config';

describe('src/site.config.ts is checked before the build (issue 17, item 2)', () => {
  it('accepts the config as shipped', () => {
    expect(() => assertSiteConfig(site)).not.toThrow();
  });

  it.each([
    ['a prefix with a dash', 'SI-S'],
    ['a prefix too long for 16 characters', 'SAHYADRI'],
    ['lower case', 'sis'],
    ['an empty prefix', ''],
  ])('refuses %s, naming the field', (_label, orderPrefix) => {
    expect(() => assertSiteConfig({ ...site, tax: { ...site.tax, orderPrefix } })).toThrow(
      /site\.tax\.orderPrefix must be 1-4 capital letters or digits/,
    );
  });

  it('refuses a grievance officer without a name or a usable e-mail (DECISIONS 63)', () => {
    const officer = site.grievanceOfficer;
    expect(() =>
      assertSiteConfig({ ...site, grievanceOfficer: { ...officer, name: ' ', email: 'Grievance@Example' } }),
    ).toThrow(/site\.grievanceOfficer\.name[\s\S]*site\.grievanceOfficer\.email/);
    expect(() =>
      assertSiteConfig({
        ...site,
        grievanceOfficer: { ...officer, address: { ...officer.address, pin: '41104' } },
      }),
    ).toThrow(/site\.grievanceOfficer\.address\.pin/);
  });

  it('lists every broken value at once', () => {
    const broken = { ...site, email: 'Hello@Example', tax: { ...site.tax, gstin: '27AAECS1234F1Z' } };
    expect(() => assertSiteConfig(broken)).toThrow(/site\.email[\s\S]*site\.tax\.gstin/);
  });
});
