/** A refusal the client caused: answered with its status code and message as `{status: false, message}`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent with the answer, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, 'Your session has ended. Please sign in again.');
export const forbidden = () => new ApiError(403, 'You can only see your own account.');
export const notFound = (what: string) => new ApiError(404, `${what} was not found.`);
