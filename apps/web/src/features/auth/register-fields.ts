import { signupBody } from '@portal/contract/registration';
import { msg, t, translateMessage } from '../../i18n/language.ts';
import type { PhoneNumber } from './phone-field.tsx';
import { HOME_CODE, readPhone } from './phone-number.ts';

/** What the student has typed into the register form; kept by the login page while the code step runs. */
export interface RegisterDraft {
  name: string;
  guardian: string;
  state: string;
  district: string;
  email: string;
  phone: PhoneNumber;
  /** The chosen level's id, '' until one is chosen. */
  academic_level: string;
}

export type FieldName = 'name' | 'guardian' | 'state' | 'district' | 'email' | 'mobile' | 'academic_level';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The form's fields in screen order: the first with a problem takes the focus. */
export const fieldOrder: FieldName[] = ['name', 'guardian', 'state', 'district', 'email', 'mobile', 'academic_level'];

// The contract's messages for these two speak to other programs; the screen says what to do.
const screenMessages: FieldErrors = {
  mobile: msg('Enter your mobile number.'),
  academic_level: msg('Choose your academic level.'),
};

export function toBody(draft: RegisterDraft) {
  const phone = readPhone(draft.phone);
  return {
    name: draft.name,
    guardian: draft.guardian,
    state: draft.state,
    district: draft.district,
    email: draft.email,
    // A number the field cannot read goes as written, and checkDraft says why before anything is sent.
    mobile: phone.ok ? phone.mobile : draft.phone,
    phone_code: phone.ok ? phone.phone_code : HOME_CODE,
    academic_level: draft.academic_level,
  };
}

const isField = (name: unknown): name is FieldName => fieldOrder.includes(name as FieldName);

/** Checks the form with the same schema the server uses; one message per field. */
export function checkDraft(draft: RegisterDraft): FieldErrors {
  const phone = readPhone(draft.phone);
  const errors: FieldErrors = phone.ok ? {} : { mobile: phone.message };
  const parsed = signupBody.safeParse(toBody(draft));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'phone_code' ? 'mobile' : issue.path[0];
    if (!isField(field) || errors[field]) continue;
    const screen = screenMessages[field];
    errors[field] = screen ? t(screen) : translateMessage(issue.message);
  }
  return errors;
}

/** The form's field a server refusal names (`field` beside its code), or undefined for a refusal of the whole form. */
export function refusedField(field: string | undefined): FieldName | undefined {
  const named = field === 'phone_code' ? 'mobile' : field;
  return isField(named) ? named : undefined;
}
