import { academicLevels, registration } from '@portal/contract/registration';
import { callApi } from '../../../lib/api-client.ts';

/** Whether the institute takes registrations here, its contact link, and the levels the form offers. */
export async function getRegisterOptions() {
  const [mode, levels] = await Promise.all([callApi(registration), callApi(academicLevels)]);
  return { ...mode.data, levels: levels.data };
}

export type RegisterOptions = Awaited<ReturnType<typeof getRegisterOptions>>;
