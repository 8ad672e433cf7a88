import { platform, type AbortSignalLike, type FetchLike, type FetchResponseLike } from '../runtime';
import { ApiError, apiErrorMessage, networkErrorMessage, type ErrorBody } from './ApiError';

export interface ApiClientOptions {
  /** The CSRF token the page was rendered with (the grv_csrf_token meta tag). */
  getCsrfToken(): string;
  /** The current bearer token, if signed in. */
  getBearerToken(): string | undefined;
  /** Defaults to the global fetch; tests and the gateway's own clients may pass another. */
  fetch?: FetchLike;
  /** Prepended to every path; empty for the console, which calls its own origin. */
  baseUrl?: string;
}

export interface ApiClient {
  get<T>(path: string, signal?: AbortSignalLike): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function read<T>(res: FetchResponseLike): Promise<T> {
  const text = await res.text();
  // An empty success (e.g. 204 after a delete) is not malformed: there is simply nothing to return.
  if (res.ok && text === '') return null as T;
  const json = parse(text);
  if (res.ok) {
    if (json.ok) return json.value as T;
    throw new ApiError(apiErrorMessage(undefined, text, res.status, res.url), res.status, res.url);
  }
  const body = json.ok && json.value && typeof json.value === 'object' ? (json.value as ErrorBody) : undefined;
  throw new ApiError(apiErrorMessage(body, text, res.status, res.url), res.status, res.url, body);
}

/** The one way the console talks to the gateway: same origin, JSON, CSRF and bearer headers, never cached. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = async <T>(method: string, path: string, body?: unknown, signal?: AbortSignalLike): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF-Token': options.getCsrfToken() };
    // Only a request that carries JSON says so: servers rightly refuse an empty body labelled as JSON.
    if (body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
    const token = options.getBearerToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${options.baseUrl ?? ''}${path}`;
    const doFetch = options.fetch ?? platform.fetch;
    let res: FetchResponseLike;
    try {
      res = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      // An abort is the caller's own doing and keeps its error; anything else is the network.
      if (signal?.aborted) throw err;
      throw new ApiError(networkErrorMessage, 0, url);
    }
    return read<T>(res);
  };
  return {
    get: (path, signal) => send('GET', path, undefined, signal),
    post: (path, body) => send('POST', path, body),
    put: (path, body) => send('PUT', path, body),
    delete: (path, body) => send('DELETE', path, body),
  };
}
