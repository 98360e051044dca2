/**
 * Who counts as one client for the per-address limits (issue 22, item 9). An IPv4 address is one
 * client. An IPv6 client is given a whole /64 (one home or phone network) and can pick any address
 * in it, so its addresses count together: the first four groups, `2001:db8:1:2::/64`. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) is the IPv4 address it maps.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The sixteen bytes of an IPv6 address as eight numbers (`::` expanded, a dotted tail read). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (value: string) => (value === '' ? [] : value.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/** The key a client's requests count under: an IPv4 address, an IPv6 /64, or the text as given. */
export function clientKeyOf(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare.toLowerCase());
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
