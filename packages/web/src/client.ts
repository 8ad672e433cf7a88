import { createApiClient, createLocalState } from '@portcullis/shared';

/** This tab's view of what the console keeps in local storage (spec §3). */
export const localState = createLocalState(window.localStorage);

export const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="grv_csrf_token"]')?.content ?? '';

/** The console's API client: CSRF from the page, bearer token from local storage (spec §7). */
export const api = createApiClient({
  getCsrfToken: csrfToken,
  getBearerToken: () => localState.getBearerToken()?.accessToken,
});
