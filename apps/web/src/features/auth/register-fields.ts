import { signupBody } from '@portal/contract/registration';
import { msg, t, translateMessage } from '../../i18n/language.ts';
import { localNumber, type PhoneNumber } from './phone-field.tsx';

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
const screenMessages: FieldErrors = { mobile: msg('Enter your mobile number.'), academic_level: msg('Choose your academic level.') };

export const toBody = (draft: RegisterDraft) => ({
  name: draft.name,
  guardian: draft.guardian,
  state: draft.state,
  district: draft.district,
  email: draft.email,
  mobile: localNumber(draft.phone),
  phone_code: draft.phone.dialCode,
  academic_level: draft.academic_level,
});

const isField = (name: unknown): name is FieldName => fieldOrder.includes(name as FieldName);

/** Checks the form with the same schema the server uses; one message per field. */
export function checkDraft(draft: RegisterDraft): FieldErrors {
  const parsed = signupBody.safeParse(toBody(draft));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
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
