import { type FormEvent, useState } from 'react';
import { ChatLink } from './chat-link.tsx';
import { emptyPhone, PhoneField } from './phone-field.tsx';

const inputClass = 'w-full rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-blue-700';

function TextField({ name, label, autoComplete }: { name: string; label: string; autoComplete: string }) {
  return (
    <div>
      <label htmlFor={`register-${name}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={`register-${name}`} name={name} type="text" autoComplete={autoComplete} className={inputClass} />
    </div>
  );
}

/**
 * The spec's register form, an unfinished shell: students are enrolled by the institute, so its
 * submit sends nothing and says so, with the way to reach the institute (docs/features/auth.md).
 */
export function RegisterForm({ onBack }: { onBack: () => void }) {
  const [phone, setPhone] = useState(emptyPhone);
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField name="name" label="Name" autoComplete="name" />
      <TextField name="guardian" label="Father/Mother Name" autoComplete="off" />
      <TextField name="state" label="State" autoComplete="address-level1" />
      <TextField name="district" label="District" autoComplete="address-level2" />
      <TextField name="email" label="Email" autoComplete="email" />
      <PhoneField id="register-mobile" value={phone} onChange={setPhone} />
      <div>
        <label htmlFor="register-academic-level" className="mb-1 block text-sm font-medium text-slate-700">
          Select your academic level
        </label>
        <select id="register-academic-level" name="academic_level" className={inputClass} />
      </div>
      <button type="submit" className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800">
        Register
      </button>
      {submitted ? (
        <div role="status" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p>Registration is done by the institute: nothing was sent. To enrol, please contact us.</p>
          <ChatLink>Chat with us</ChatLink>
        </div>
      ) : null}
      <button type="button" onClick={onBack} className="w-full rounded-lg px-4 py-2 text-blue-800 underline-offset-2 hover:underline">
        Already registered? Sign in
      </button>
    </form>
  );
}
