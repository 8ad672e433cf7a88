import type { GatewayAccess } from '@portcullis/console-kit';
import { createApiClient, createLocalState } from '@portcullis/shared';

/** This tab's view of what the console keeps in local storage. */
export const localState = createLocalState(window.localStorage);

const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="grv_csrf_token"]')?.content ?? '';

const bearerToken = () => localState.getBearerToken()?.accessToken;

/** The console's API client: CSRF from the page, bearer token from local storage. */
export const api = createApiClient({ getCsrfToken: csrfToken, getBearerToken: bearerToken });

/** The same session as console-kit's engines and components take it. */
export const gateway: GatewayAccess = { api, csrfToken, bearerToken };
