export const defaultErrorMessage = 'Unknown error';
export const networkErrorMessage = 'Network request failed';

/** What the server's JSON error body may hold. */
export interface ErrorBody {
  error?: { message?: string };
  message?: string;
}

/** A failed call: the server answered with an error, unreadable JSON, or not at all (status 0). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly body?: unknown,
  ) {
    super(message || defaultErrorMessage);
  }
}

/** The message order the console shows: error.message, then message, then the response text, then `{status} - {url}`. */
export function apiErrorMessage(body: ErrorBody | undefined, text: string, status: number, url: string): string {
  return body?.error?.message || body?.message || text || `${status} - ${url}`;
}
