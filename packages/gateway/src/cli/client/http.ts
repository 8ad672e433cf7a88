import { createApiClient, type ApiClient, type ApiClientOptions } from '@portcullis/shared';

/** The cookies and tokens a command line presents: the CSRF pair always, the session once signed in. */
export interface Credentials {
  csrf: string;
  /** The session cookie's secret. */
  secret?: string;
  /** The bearer token, derived from the secret by the gateway. */
  token?: string;
}

const csrfCookie = 'grv_csrf';
const sessionCookie = 'grv_session';

const cookieValue = (setCookies: string[], name: string) =>
  setCookies.map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v !== undefined);

/** A gateway's API as the console sees it, from outside a browser: cookies kept here, CSRF echoed, bearer sent. */
export interface GatewayClient {
  proxy: string;
  api: ApiClient;
  credentials: Credentials;
  /** The Cookie header a websocket to this gateway sends. */
  cookieHeader(): string;
}

export function gatewayApi(proxy: string, credentials: Credentials): GatewayClient {
  const origin = proxy.replace(/\/+$/, '');
  const cookieHeader = () => [`${csrfCookie}=${credentials.csrf}`, ...(credentials.secret ? [`${sessionCookie}=${credentials.secret}`] : [])].join('; ');
  const fetchWithCookies: NonNullable<ApiClientOptions['fetch']> = async (url, init) => {
    const res = await fetch(url, { method: init.method, headers: { ...init.headers, cookie: cookieHeader() }, redirect: 'manual', ...(init.body !== undefined && { body: init.body }) });
    const secret = cookieValue(res.headers.getSetCookie(), sessionCookie);
    if (secret !== undefined) credentials.secret = secret || undefined;
    return res;
  };
  const api = createApiClient({ baseUrl: origin, fetch: fetchWithCookies, getCsrfToken: () => credentials.csrf, getBearerToken: () => credentials.token });
  return { proxy: origin, api, credentials, cookieHeader };
}

/** Opens a gateway without a session: the console page hands out the CSRF cookie every state-changing call echoes. */
export async function connectGateway(proxy: string): Promise<GatewayClient> {
  const origin = proxy.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${origin}/web`, { redirect: 'manual' });
  } catch (err) {
    throw new Error(`cannot reach the gateway at ${origin}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`, { cause: err });
  }
  await res.body?.cancel();
  const csrf = cookieValue(res.headers.getSetCookie(), csrfCookie);
  if (!csrf) throw new Error(`${origin} did not answer like a Portcullis gateway (no CSRF cookie from /web): check --proxy`);
  return gatewayApi(origin, { csrf });
}
