import { signup } from '@portal/contract/registration';
import type { BodyInput } from '@portal/contract';
import { callApi } from '../../../lib/api-client.ts';

/** Files a registration request; the server texts a code to its number and answers the code's reference. */
export async function signUp(form: BodyInput<typeof signup>) {
  return (await callApi(signup, form)).data;
}
