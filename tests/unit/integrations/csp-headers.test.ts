import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  gatewayOrigin,
  inlineScriptHashes,
} from '../../../integrations/csp-headers.mjs';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('CSP integration', () => {
  it('hashes each distinct inline script, and nothing else', () => {
    const html = `<head><script type="module" src="/_astro/a.js"></script>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <script>(()=>{var a=1})()</script><script>(()=>{var a=1})()</script>
      <script type="module">console.log(2)</script><script>  </script></head>`;
    expect([...inlineScriptHashes(html)].sort()).toEqual(
      [sha('(()=>{var a=1})()'), sha('console.log(2)')].sort(),
    );
  });

  it('allows scripts from the site and the given hashes only, and forbids framing', () => {
    const policy = contentSecurityPolicy([sha('x')]);
    expect(policy).toContain(`script-src 'self' ${sha('x')};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("lets forms post to this site and to the payment gateway's origin only (issue 18)", () => {
    expect(contentSecurityPolicy([])).toContain("form-action 'self' https://api.razorpay.com;");
    expect(gatewayOrigin('http://127.0.0.1:4010/v1/checkout/embedded')).toBe('http://127.0.0.1:4010');
    expect(contentSecurityPolicy([], gatewayOrigin(' '))).toContain(
      "form-action 'self' https://api.razorpay.com;",
    );
  });
});
