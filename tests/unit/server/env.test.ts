import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentGatewayOf } from '~/server/domain/payments/gateway';
import { dataScope, parseServerEnv, testGatewayAllowed } from '~/server/env';

describe('server environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('runs offline on defaults when nothing is set', () => {
    const env = parseServerEnv({});
    expect(env.mail.resendApiKey).toBeUndefined();
    expect(env.mail.from).toMatch(/<.+@.+>$/);
    expect(env.adminToken).toBeUndefined();
    expect(env.rateLimits.contact).toBe(5);
    expect(env.siteUrl).toBe('http://localhost:8888');
  });

  it("prefers SITE_URL to Netlify's URL and drops a trailing slash; empty means unset", () => {
    expect(parseServerEnv({ URL: 'https://sis.netlify.app/' }).siteUrl).toBe('https://sis.netlify.app');
    expect(parseServerEnv({ URL: 'https://a.example', SITE_URL: 'https://b.example' }).siteUrl).toBe(
      'https://b.example',
    );
    expect(parseServerEnv({ RESEND_API_KEY: '  ' }).mail.resendApiKey).toBeUndefined();
  });

  it('reads CONTACT_RATE_LIMIT, ignoring nonsense with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseServerEnv({ CONTACT_RATE_LIMIT: '50' }).rateLimits.contact).toBe(50);
    expect(parseServerEnv({ CONTACT_RATE_LIMIT: '-1' }).rateLimits.contact).toBe(5);
    expect(parseServerEnv({ CONTACT_RATE_LIMIT: 'lots' }).rateLimits.contact).toBe(5);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('accepts an admin token only from 24 characters', () => {
    expect(parseServerEnv({ ADMIN_TOKEN: 'short' }).adminToken).toBeUndefined();
    expect(parseServerEnv({ ADMIN_TOKEN: 't'.repeat(24) }).adminToken).toBe('t'.repeat(24));
  });

  it('uses deploy-scoped data in deploy previews and branch deploys only', () => {
    for (const [context, scope] of [
      ['production', 'site'],
      ['deploy-preview', 'deploy'],
      ['branch-deploy', 'deploy'],
      ['dev', 'site'],
    ] as const) {
      vi.stubEnv('CONTEXT', context);
      expect(dataScope(), context).toBe(scope);
    }
  });

  it('offers the test gateway only where it is switched on, never in production, and not for a missing context', () => {
    vi.stubEnv('CONTEXT', '');
    vi.stubGlobal('Netlify', undefined);
    expect(testGatewayAllowed(parseServerEnv({}))).toBe(false);
    expect(paymentGatewayOf(parseServerEnv({}))).toBeUndefined();
    expect(paymentGatewayOf(parseServerEnv({ TEST_GATEWAY: 'on' }))?.kind).toBe('test');
    expect(testGatewayAllowed(parseServerEnv({ TEST_GATEWAY: 'yes' }))).toBe(false);
    for (const [context, setting, allowed] of [
      ['production', 'on', false],
      ['production', undefined, false],
      ['deploy-preview', undefined, true],
      ['branch-deploy', undefined, true],
      ['dev', undefined, true],
      ['some-new-context', undefined, false],
      ['some-new-context', 'on', true],
    ] as const) {
      vi.stubEnv('CONTEXT', context);
      expect(testGatewayAllowed(parseServerEnv({ TEST_GATEWAY: setting })), `${context} ${setting}`).toBe(
        allowed,
      );
    }
    vi.unstubAllGlobals();
  });
});
