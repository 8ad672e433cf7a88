import * as client from 'openid-client';
import type { ConnectorService } from '../../connectors/service';
import type { OidcConnector } from '../../connectors/model';
import { HttpError } from '../../../platform/access/errors';
import { SsoFailure } from '../failure';
import { landingPath } from '../redirect';
import { requestTtlMs, type SsoRequests } from '../requests';
import { mapRoles, traitsFrom, type Claims, type SsoIdentity } from '../users';

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The scopes always asked for; a connector's `scope` adds to them. */
const baseScopes = ['openid', 'email', 'profile'];

/**
 * The OIDC authorization code flow with state, nonce and PKCE (S256), through openid-client: `begin` sends the
 * browser to the identity provider, `finish` checks what it brings back (state, nonce, PKCE, issuer, audience
 * and expiry of the ID token) and says who signed in. Every failure is an SsoFailure with a message to show.
 */
export class OidcFlow {
  /** Discovered issuer configurations, per connector, dropped when the connector changes. */
  private readonly discovered = new Map<string, { updatedAt: number; config: Promise<client.Configuration> }>();

  constructor(
    private readonly connectors: ConnectorService,
    private readonly requests: SsoRequests,
    private readonly publicUrl: () => string,
    private readonly now: () => number,
  ) {}

  private async connector(name: string): Promise<{ connector: OidcConnector; updatedAt: number }> {
    try {
      const stored = await this.connectors.get('oidc', name);
      return { connector: stored.connector as OidcConnector, updatedAt: stored.updatedAt };
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw new SsoFailure(`there is no OIDC connector named ${name}: pick a provider on the login page again`, name);
      throw err;
    }
  }

  private configuration(connector: OidcConnector, updatedAt: number): Promise<client.Configuration> {
    const name = connector.metadata.name;
    const cached = this.discovered.get(name);
    if (cached && cached.updatedAt === updatedAt) return cached.config;
    const issuer = new URL(connector.spec.issuer_url);
    const config = client
      .discovery(issuer, connector.spec.client_id, { client_secret: connector.spec.client_secret }, client.ClientSecretBasic(connector.spec.client_secret), {
        // Plain http only for an identity provider on this machine (a test or a local development IdP).
        execute: issuer.protocol === 'http:' && loopback.has(issuer.hostname) ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.discovered.delete(name);
        throw new SsoFailure(`could not read the identity provider's configuration at ${connector.spec.issuer_url} (${describe(err)}): an administrator should check the connector's issuer_url`, name);
      });
    this.discovered.set(name, { updatedAt, config });
    return config;
  }

  /** The identity provider's authorization URL for a new sign-in through `connectorName`, remembered for the callback. */
  async begin(connectorName: string, redirectUrl: string | undefined): Promise<URL> {
    const { connector, updatedAt } = await this.connector(connectorName);
    const config = await this.configuration(connector, updatedAt);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const now = this.now();
    await this.requests.create({
      state,
      kind: 'oidc',
      connector: connectorName,
      nonce,
      codeVerifier,
      redirectUrl: landingPath(redirectUrl, this.publicUrl()),
      createdAt: now,
      expiresAt: now + requestTtlMs,
    });
    return client.buildAuthorizationUrl(config, {
      redirect_uri: connector.spec.redirect_url,
      scope: [...new Set([...baseScopes, ...(connector.spec.scope ?? [])])].join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * The identity provider's answer on the callback (its query string): who signed in, with their mapped roles and
   * traits, and where to send them. The pending request is used up whatever happens.
   */
  async finish(query: URLSearchParams): Promise<{ identity: SsoIdentity; redirectUrl: string }> {
    const state = query.get('state');
    if (!state) throw new SsoFailure('the identity provider came back without the sign-in state: start the sign-in again from the login page');
    const request = await this.requests.take('oidc', state);
    if (!request) throw new SsoFailure('this sign-in is unknown or was already used (a changed or replayed link): start the sign-in again from the login page');
    const failed = (message: string) => new SsoFailure(message, request.connector);
    if (request.expiresAt <= this.now()) throw failed('the sign-in took longer than 10 minutes and expired: start it again from the login page');
    const idpError = query.get('error');
    if (idpError) throw failed(`the identity provider refused the sign-in: ${query.get('error_description') ?? idpError}`);

    const { connector, updatedAt } = await this.connector(request.connector);
    const config = await this.configuration(connector, updatedAt);
    const callback = new URL(connector.spec.redirect_url);
    callback.search = query.toString();
    let claims: Claims;
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
    } catch (err) {
      throw failed(explain(err, connector.metadata.name));
    }

    const roles = mapRoles(claims, connector.spec.claims_to_roles);
    const username = [claims.email, claims.preferred_username, claims.sub].find((v): v is string => typeof v === 'string' && v !== '');
    if (!username) throw failed('the identity provider did not say who signed in (no email, preferred_username or sub claim)');
    if (roles.length === 0)
      throw failed(
        `${username} has no role here: none of the connector ${connector.metadata.name}'s claims_to_roles matched the identity provider's claims; an administrator must map one of ${username}'s claims to a role`,
      );
    return {
      identity: { authType: 'oidc', connector: connector.metadata.name, username, roles, traits: traitsFrom(claims) },
      redirectUrl: request.redirectUrl,
    };
  }
}

function describe(err: unknown): string {
  if (err instanceof client.ResponseBodyError) return err.error_description ?? err.error;
  if (err instanceof client.WWWAuthenticateChallengeError) {
    const p = err.cause[0]?.parameters;
    return p?.error_description ?? p?.error ?? err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The OAuth error code of a token endpoint refusal, in its body or (a 401 for client authentication) its WWW-Authenticate challenge. */
function oauthError(err: unknown): string | undefined {
  if (err instanceof client.ResponseBodyError) return err.error;
  if (err instanceof client.WWWAuthenticateChallengeError) return err.cause[0]?.parameters.error ?? (err.status === 401 ? 'invalid_client' : undefined);
  return undefined;
}

/** openid-client's refusals, in words a person can act on. */
function explain(err: unknown, connector: string): string {
  const code = oauthError(err);
  if (code !== undefined) {
    if (code === 'invalid_client')
      return `the identity provider did not accept this gateway's client credentials: an administrator should check client_id and client_secret of the connector ${connector}`;
    if (code === 'invalid_grant') return 'the sign-in code was already used or has expired: start the sign-in again from the login page';
    return `the identity provider refused to complete the sign-in (${describe(err)}): start it again, or ask an administrator to check the connector ${connector}`;
  }
  if (err instanceof client.AuthorizationResponseError) return `the identity provider refused the sign-in: ${err.error_description ?? err.error}`;
  return `the identity provider's answer did not check out (${describe(err)}): start the sign-in again, or ask an administrator to check the connector ${connector}'s issuer_url and client_id`;
}
