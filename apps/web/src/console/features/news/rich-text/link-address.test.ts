import { describe, expect, it } from 'vitest';
import { toLinkAddress } from './link-address.ts';

describe('a link address as a clerk types it', () => {
  it.each([
    ['https://example.com/fees', 'https://example.com/fees'],
    ['example.com/fees', 'https://example.com/fees'],
    ['  www.institute.in ', 'https://www.institute.in'],
    ['office@institute.in', 'mailto:office@institute.in'],
    ['+91 98765 43210'.replace(/ /g, ''), 'tel:+919876543210'],
    ['98765-43210', 'tel:9876543210'],
    ['mailto:office@institute.in', 'mailto:office@institute.in'],
  ])('takes %j as %j', (typed, stored) => expect(toLinkAddress(typed)).toBe(stored));

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', 'not a link', 'fees', 'ftp://example.com'])(
    'refuses %j',
    (typed) => expect(toLinkAddress(typed)).toBeNull(),
  );
});
