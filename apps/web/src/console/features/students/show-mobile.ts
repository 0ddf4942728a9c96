/** `+919876543210` as `+91 98765 43210`; other countries as stored (the console does not carry phone metadata). */
export const showMobile = (e164: string) =>
  /^\+91\d{10}$/.test(e164) ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : e164;
