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
}
