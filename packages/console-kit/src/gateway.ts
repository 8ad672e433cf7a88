import type { ApiClient } from '@portcullis/shared';

/**
 * How the kit reaches the gateway for the app that uses it. The app owns the signed-in session (the console
 * keeps its token in local storage and its CSRF token in the page; another app may keep them elsewhere, or hold
 * one per cluster), so it hands them in rather than the kit reading them from anywhere.
 */
export interface GatewayAccess {
  /** The app's client for the web API (shared's createApiClient). */
  api: ApiClient;
  /** The CSRF token requests that change state carry. */
  csrfToken(): string;
  /** The session's bearer token, if signed in. */
  bearerToken(): string | undefined;
  /**
   * Where the gateway's websockets are, when not at the page's origin: an app that reaches the gateway through a
   * forwarding prefix (the workspace app's daemon) gives the origin with that prefix. Defaults to the page's origin.
   */
  socketOrigin?(): string;
}

/** The origin the kit's websockets open at: the app's, or the page's. */
export const socketOriginOf = (gateway: Pick<GatewayAccess, 'socketOrigin'>) =>
  gateway.socketOrigin?.() ?? window.location.origin;
