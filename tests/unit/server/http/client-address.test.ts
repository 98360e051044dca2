import { describe, expect, it } from 'vitest';
import { clientKeyOf } from '~/server/http/client-address';

describe('clientKeyOf: one client per IPv4 address or IPv6 /64 (issue 22, item 9)', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::5]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:0207', '192.0.2.7'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it('puts every address of one /64 under one key and the next /64 under another', () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, n) => clientKeyOf(`2001:db8:aa:bb:${n.toString(16)}:1:2:3`)),
    );
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(clientKeyOf('2001:db8:aa:bc::1')).not.toBe(clientKeyOf('2001:db8:aa:bb::1'));
  });
});
