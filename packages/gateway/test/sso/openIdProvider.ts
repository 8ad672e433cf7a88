import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The one client the provider knows: the gateway, authenticating with its secret (client_secret_basic). */
export const oidcClient = { id: 'portcullis', secret: 'the-real-client-secret' };

export interface OpenIdProvider {
  issuer: string;
  /** Its users, account id → claims; the login page takes any password for an account listed here. */
  accounts: Record<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1, with its own interactive login and consent pages, one
 * confidential client that may only send people back to `redirectUri`, and PKCE required.
 */
export async function startOpenIdProvider(redirectUri: string): Promise<OpenIdProvider> {
  const accounts: OpenIdProvider['accounts'] = {};
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: oidcClient.id,
        client_secret: oidcClient.secret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub', 'groups', 'logins'], email: ['email'], profile: ['preferred_username'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a test cookie key'] },
    findAccount: (_ctx, sub) => (accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined),
  });
  server.on('request', provider.callback());
  return { issuer, accounts, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
