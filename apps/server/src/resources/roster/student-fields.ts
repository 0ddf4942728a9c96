/** The fields of a student that staff edit and a CSV carries, besides the mobile number and enrolments. */
export const TEXT_FIELDS = ['name', 'guardian', 'email', 'state', 'district', 'academic_level'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const MAX_TEXT_LENGTH = 100;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a value cannot be stored in a field, or undefined when it can. */
export function checkTextField(field: TextField, value: string): string | undefined {
  if (field === 'name' && !value) return 'name is required';
  if (value.length > MAX_TEXT_LENGTH) return `${field} is longer than ${MAX_TEXT_LENGTH} characters`;
  if (field === 'email' && value && (value.length > 254 || !emailPattern.test(value)))
    return `email "${value}" is not an email address`;
  return undefined;
}
