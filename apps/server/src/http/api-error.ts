import type { RefusalCode } from '@portal/contract';

/** What a refusal says beside its message: its code, the one field it is about, headers such as Retry-After. */
export interface RefusalDetails {
  code?: RefusalCode;
  field?: string;
  headers?: Record<string, string>;
}

/**
 * A refusal the client caused: answered with its status code as `{status: false, message, code, field?}`. The
 * message is English for any client; the code is what the student app translates (docs/decisions/058).
 */
export class ApiError extends Error {
  readonly headers: Record<string, string>;
  readonly code?: RefusalCode;
  readonly field?: string;

  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers sent with the answer (e.g. Retry-After), or the refusal's code and field as well. */
    details: Record<string, string> | RefusalDetails = {},
  ) {
    super(message);
    const given = isDetails(details) ? details : { headers: details };
    this.headers = given.headers ?? {};
    this.code = given.code;
    this.field = given.field;
  }
}

const isDetails = (value: Record<string, string> | RefusalDetails): value is RefusalDetails =>
  'code' in value || 'field' in value || typeof value.headers === 'object';

/** A refusal of one field of the body, e.g. `mobile: The number is too short…` with code `mobile_too_short`. */
export const fieldRefusal = (field: string, message: string, code: RefusalCode = 'invalid_field') =>
  new ApiError(400, `${field}: ${message}`, { code, field });

export const unauthorized = () =>
  new ApiError(401, 'Your session has ended. Please sign in again.', { code: 'signed_out' });
export const forbidden = () => new ApiError(403, 'You can only see your own account.', { code: 'not_your_account' });
export const notFound = (what: string) => new ApiError(404, `${what} was not found.`, { code: 'not_found' });
