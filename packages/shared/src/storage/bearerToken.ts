import { base64ToUtf8 } from '../base64';

/** The session JSON of login and renewal. */
export interface BearerTokenJson {
  type: 'Bearer';
  token: string;
  expires_in: number;
  sessionExpires?: string;
  sessionInactiveTimeout?: number;
}

/** The bearer token as the console keeps it. */
export interface BearerToken {
  accessToken: string;
  /** Seconds the token lives, from `created`. */
  expiresIn: number;
  /** Epoch milliseconds when the token was received. */
  created: number;
  sessionExpires: string;
  /** Milliseconds; 0 means no inactivity timeout. */
  sessionInactiveTimeout: number;
}

export function makeBearerToken(json: BearerTokenJson, now: number = Date.now()): BearerToken {
  return {
    accessToken: json.token,
    expiresIn: json.expires_in,
    created: now,
    sessionExpires: json.sessionExpires ?? '',
    sessionInactiveTimeout: json.sessionInactiveTimeout ?? 0,
  };
}

/** Milliseconds the token has left; the session is valid while this is above zero. */
export function tokenTimeLeft(token: BearerToken, now: number = Date.now()): number {
  return token.created + token.expiresIn * 1000 - now;
}

/**
 * Reads the grv_bearer_token meta tag: base64 of the login JSON, or empty when there is no session.
 * Returns undefined for an empty or unreadable tag rather than failing the page.
 */
export function decodeBootstrapToken(content: string, now: number = Date.now()): BearerToken | undefined {
  if (!content) return undefined;
  try {
    const json = JSON.parse(base64ToUtf8(content)) as BearerTokenJson;
    return typeof json.token === 'string' ? makeBearerToken(json, now) : undefined;
  } catch {
    return undefined;
  }
}
