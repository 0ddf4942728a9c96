import type { AcademicLevel } from '@portal/contract/registration';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { signUp } from './api/sign-up.ts';
import { PhoneField } from './phone-field.tsx';
import type { CodeSent } from './phone-step.tsx';
import {
  checkDraft,
  fieldOrder,
  type FieldErrors,
  type RegisterDraft,
  refusedField,
  toBody,
} from './register-fields.ts';
import { FieldError, inputClass, TextField } from './text-field.tsx';
import { t } from '../../i18n/language.ts';

interface RegisterFormProps {
  levels: AcademicLevel[];
  draft: RegisterDraft;
  /** The code is on its way to the draft's number. */
  onSent: (sent: CodeSent, draft: RegisterDraft) => void;
}

/**
 * The spec's register form, finished: every field checked here with the server's own schema, then
 * `Auth/signup`, which texts a code to the number (docs/features/auth.md).
 */
export function RegisterForm({ levels, draft: initial, onSent }: RegisterFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** A refusal of the whole form (registration closed, too many codes): said once, above its button. */
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: keyof Omit<RegisterDraft, 'phone'>) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    const id = first === 'academic_level' ? 'register-academic-level' : `register-${first}`;
    if (first) form.current?.querySelector<HTMLElement>(`#${id}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = checkDraft(draft);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setProblem('');
    setPending(true);
    try {
      onSent(await signUp(toBody(draft)), draft);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The message is already in the student's language and without field names (api-client.ts).
      const field = error instanceof ApiError ? refusedField(error.refusal.field) : undefined;
      if (field) showErrors({ [field]: message });
      else setProblem(message);
      setPending(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label={t('Register')}>
      <TextField
        name="name"
        label={t('Name')}
        autoComplete="name"
        value={draft.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        name="guardian"
        label={t('Father/Mother Name')}
        autoComplete="off"
        value={draft.guardian}
        onChange={set('guardian')}
        error={errors.guardian}
      />
      <TextField
        name="state"
        label={t('State')}
        autoComplete="address-level1"
        value={draft.state}
        onChange={set('state')}
        error={errors.state}
      />
      <TextField
        name="district"
        label={t('District')}
        autoComplete="address-level2"
        value={draft.district}
        onChange={set('district')}
        error={errors.district}
      />
      <TextField
        name="email"
        label={t('Email')}
        type="email"
        autoComplete="email"
        optional
        value={draft.email}
        onChange={set('email')}
        error={errors.email}
      />
      <div>
        <PhoneField
          id="register-mobile"
          value={draft.phone}
          onChange={(phone) => setDraft((d) => ({ ...d, phone }))}
          errorId={errors.mobile ? 'register-mobile-error' : undefined}
        />
        <FieldError id="register-mobile-error" message={errors.mobile} />
      </div>
      <div>
        <label htmlFor="register-academic-level" className="mb-1 block text-sm font-medium text-slate-700">
          {t('Select your academic level')}
        </label>
        <select
          id="register-academic-level"
          name="academic_level"
          value={draft.academic_level}
          onChange={(event) => set('academic_level')(event.target.value)}
          required
          aria-invalid={errors.academic_level ? true : undefined}
          aria-describedby={errors.academic_level ? 'register-academic-level-error' : undefined}
          className={inputClass}
        >
          <option value="">{t('Choose…')}</option>
          {levels.map((level) => (
            <option key={level.id} value={String(level.id)}>
              {level.name}
            </option>
          ))}
        </select>
        <FieldError id="register-academic-level-error" message={errors.academic_level} />
      </div>
      <p className="text-sm text-slate-600">{t('We will text a code to this number to check it is yours.')}</p>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {problem}
      </p>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {t('Register')}
      </button>
    </form>
  );
}
