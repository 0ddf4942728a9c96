// The formatter alone, imported on the phone field's first keystroke (phone-number.ts): about 6 KB gzip that /login's
// first load does without (docs/decisions/055-the-phone-field.md).
export { AsYouType } from 'libphonenumber-js/core';
