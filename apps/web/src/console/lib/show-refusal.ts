import toast from 'react-hot-toast';
import { fieldOf } from './console-api.ts';

/** A refusal that names a field (`title: …`) goes beside that field; any other is said in a toast. */
export function showRefusal(error: unknown, setProblems: (problems: Record<string, string>) => void) {
  const message = error instanceof Error ? error.message : String(error);
  const field = fieldOf(message);
  if (field) setProblems({ [field.field]: field.problem });
  else toast.error(message);
}
