import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/one-time-codes/client-address.ts';

describe('the address per-address limits count by', () => {
  it('is an IPv4 address itself, also when it comes IPv6-mapped', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(clientAddressKey('2001:db8:7:1::5')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('2001:0DB8:0007:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
