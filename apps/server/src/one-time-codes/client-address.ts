import { isIPv6 } from 'node:net';

/**
 * The address that per-address limits count by. An IPv4 address as it is; an IPv6 address by its /64
 * network, since one household or phone is routinely given a whole /64 and could otherwise pick a fresh
 * address for every request.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mappedV4) return mappedV4[1]!;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
