import PhoneInputModule, { type CountryData } from 'react-phone-input-2';
import type { ClipboardEvent } from 'react';
import 'react-phone-input-2/lib/style.css';
import { currentLanguage, t } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The country list's names in the student's language, from the browser's own data (Intl.DisplayNames): no bytes of
 * translations to load. The library reads `localization[iso2]` once as it starts, so the field starts again (`key`)
 * when the language changes; the digits typed so far stay, since the parent holds them.
 */
function countryNames(): Record<string, string> | undefined {
  if (currentLanguage() === 'en' || typeof Intl.DisplayNames !== 'function') return undefined;
  const names = new Intl.DisplayNames([currentLanguage()], { type: 'region' });
  return new Proxy({} as Record<string, string>, {
    get: (_, iso2) => (typeof iso2 === 'string' && /^[a-z]{2}$/.test(iso2) ? names.of(iso2.toUpperCase()) : undefined),
  });
}

// The package is CommonJS setting `exports.default`: the production build hands over the module object,
// the test transform the component itself.
const PhoneInput = (PhoneInputModule as unknown as { default?: typeof PhoneInputModule }).default ?? PhoneInputModule;

export interface PhoneNumber {
  /** Every digit, country code first, e.g. '919876543210'. */
  digits: string;
  /** The chosen country's code, e.g. '91'. */
  dialCode: string;
}

export const emptyPhone: PhoneNumber = { digits: '', dialCode: '91' };

/** The number without its country code, as the API wants it. */
export const localNumber = ({ digits, dialCode }: PhoneNumber) =>
  digits.startsWith(dialCode) ? digits.slice(dialCode.length) : digits;

const isCountry = (data: CountryData | object): data is CountryData => 'dialCode' in data;

/**
 * A pasted number as the field's digits, or undefined to let the field take it as typed. The field already holds
 * the country code, so pasting `+91 98765 43210` or `91-98765-43210` would repeat it, and `098765 43210` would keep
 * the trunk 0. The server reads every writing the same way (libphonenumber-js, too heavy for this first load).
 */
export function pastedDigits(text: string, dialCode: string): string | undefined {
  const international = /^\s*(\+|00)/.test(text);
  const digits = text.replace(/\D/g, '').replace(/^00/, '');
  if (!digits) return undefined;
  if (international) return digits.startsWith(dialCode) ? digits : undefined;
  const national = digits.replace(/^0+/, '');
  // Ten digits after the code: a national number written with its country code (India's are ten digits).
  if (national.startsWith(dialCode) && national.length - dialCode.length >= 10) return national;
  return dialCode + national;
}

/**
 * The spec's phone input (section 5) is react-phone-input-2 with its defaults: digits only, at most
 * 15 digits, the country guessed from up to 6 leading digits and formatted by its mask, placeholder
 * '1 (702) 123-4567'; plus India first and a country code that typing cannot change.
 */
interface PhoneFieldProps {
  id: string;
  value: PhoneNumber;
  onChange: (value: PhoneNumber) => void;
  autoFocus?: boolean;
  /** The id of the field's problem, read out with it. */
  errorId?: string;
}

export function PhoneField({ id, value, onChange, autoFocus = false, errorId }: PhoneFieldProps) {
  const language = useLanguage();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('Mobile number')}
      </label>
      <PhoneInput
        key={language}
        localization={countryNames()}
        country="in"
        countryCodeEditable={false}
        value={value.digits}
        onChange={(digits, data) => onChange({ digits, dialCode: isCountry(data) ? data.dialCode : value.dialCode })}
        // The library blurs the field on Enter, which would swallow the form's own submit on Enter.
        onEnterKeyPress={(event) => (event.target as HTMLInputElement).form?.requestSubmit()}
        specialLabel=""
        inputProps={{
          id,
          name: 'mobile',
          required: true,
          autoComplete: 'tel',
          autoFocus,
          'aria-invalid': errorId ? true : undefined,
          'aria-describedby': errorId,
          onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
            const digits = pastedDigits(event.clipboardData.getData('text'), value.dialCode);
            if (digits === undefined) return;
            event.preventDefault();
            onChange({ digits: digits.slice(0, 15), dialCode: value.dialCode });
          },
        }}
        containerClass="phone-field"
        inputStyle={{ width: '100%', height: '2.75rem', fontSize: '1rem' }}
        buttonStyle={{ borderRadius: '0.375rem 0 0 0.375rem' }}
      />
    </div>
  );
}
