/**
 * A staff member's number in E.164, or why it is not one. Stand-in until the shared phone module
 * (libphonenumber-js, DEFAULT_COUNTRY) lands: swap this one function for it.
 * Without a country code a number is taken as Indian: `098765 43210`, `9876543210` and `+91 98765 43210` agree.
 */
export function canonicalMobile(typed: string): { ok: true; e164: string } | { ok: false; message: string } {
  const compact = typed.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return { ok: false, message: 'may hold only digits, spaces, dashes and a leading +' };
  let international: string;
  if (compact.startsWith('+')) international = compact.slice(1);
  else if (compact.startsWith('00')) international = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) international = `91${compact.slice(1)}`;
  else if (/^\d{10}$/.test(compact)) international = `91${compact}`;
  else international = compact;
  if (international.startsWith('91') && !/^91[6-9]\d{9}$/.test(international)) {
    return { ok: false, message: 'is not an Indian mobile number (10 digits starting with 6, 7, 8 or 9)' };
  }
  if (!/^[1-9]\d{7,14}$/.test(international)) return { ok: false, message: 'is not a valid mobile number' };
  return { ok: true, e164: `+${international}` };
}
