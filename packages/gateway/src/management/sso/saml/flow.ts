import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { ConnectorService } from '../../connectors/service';
import type { SamlConnector } from '../../connectors/model';
import { HttpError } from '../../../platform/access/errors';
import { SsoFailure } from '../failure';
import { landingPath } from '../redirect';
import { requestTtlMs, type SsoRequest, type SsoRequests } from '../requests';
import { mapRoles, traitsFrom, type Claims, type SsoIdentity } from '../users';
import { parseIdpMetadata, type IdpMetadata } from './metadata';

/** How far the identity provider's clock may be from ours when checking NotBefore and NotOnOrAfter. */
const clockSkewMs = 30_000;

/**
 * SAML 2.0 SP-initiated sign-in through node-saml: `begin` sends the browser to the identity provider with an
 * AuthnRequest (HTTP-Redirect binding) whose ID is kept as a pending sign-in; `finish` checks the response the
 * identity provider posts to the ACS (signature of the response or assertion with the metadata's certificate,
 * issuer, audience, validity window by the gateway's clock, InResponseTo naming a live pending request, used
 * once) and says who signed in. The service provider's entity ID is the connector's ACS URL, and the expected
 * audience that unless the connector names another. Every failure is an SsoFailure with a message to show.
 */
export class SamlFlow {
  /** Parsed identity provider metadata, per connector, dropped when the connector changes. */
  private readonly metadata = new Map<string, { updatedAt: number; metadata: Promise<IdpMetadata> }>();

  constructor(
    private readonly connectors: ConnectorService,
    private readonly requests: SsoRequests,
    private readonly publicUrl: () => string,
    private readonly now: () => number,
  ) {}

  private async connector(name: string): Promise<{ connector: SamlConnector; updatedAt: number }> {
    try {
      const stored = await this.connectors.get('saml', name);
      return { connector: stored.connector as SamlConnector, updatedAt: stored.updatedAt };
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw new SsoFailure(`there is no SAML connector named ${name}: pick a provider on the login page again`, name);
      throw err;
    }
  }

  private idpMetadata(connector: SamlConnector, updatedAt: number): Promise<IdpMetadata> {
    const name = connector.metadata.name;
    const cached = this.metadata.get(name);
    if (cached && cached.updatedAt === updatedAt) return cached.metadata;
    const { entity_descriptor: inline, entity_descriptor_url: url } = connector.spec;
    const metadata = (async () => {
      let xml = inline;
      if (xml === undefined) {
        const res = await fetch(url!, { signal: AbortSignal.timeout(10_000) });
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        xml = await res.text();
      }
      return parseIdpMetadata(xml);
    })().catch((err: unknown) => {
      this.metadata.delete(name);
      const where = inline === undefined ? `entity_descriptor_url (${url})` : 'entity_descriptor';
      throw new SsoFailure(`could not read the identity provider's metadata: ${err instanceof Error ? err.message : String(err)}; an administrator should check the connector ${name}'s ${where}`, name);
    });
    this.metadata.set(name, { updatedAt, metadata });
    return metadata;
  }

  /**
   * node-saml for one connector. InResponseTo is looked up in the pending requests (never removed here: the
   * response's and the assertion's InResponseTo are each looked up, and `finish` takes the request once the
   * whole response checks out). node-saml's own clock checks are off (-1) because it reads the system clock;
   * `finish` checks the validity window with the gateway's.
   */
  private saml(connector: SamlConnector, idp: IdpMetadata, opts: { requestId?: string } = {}): SAML {
    const requests = this.requests;
    const cacheProvider: CacheProvider = {
      saveAsync: () => Promise.resolve(null),
      getAsync: async (key) => {
        const request = await requests.peek('saml', key);
        return request && request.connector === connector.metadata.name ? new Date(request.createdAt).toISOString() : null;
      },
      removeAsync: () => Promise.resolve(null),
    };
    const entityId = connector.spec.acs;
    return new SAML({
      entryPoint: idp.ssoUrl,
      issuer: entityId,
      callbackUrl: connector.spec.acs,
      audience: connector.spec.audience ?? entityId,
      idpCert: idp.signingCerts,
      idpIssuer: idp.entityId,
      // A signature over the response or over the assertion is required (node-saml refuses one with neither).
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: -1,
      validateInResponseTo: ValidateInResponseTo.always,
      // The pending request's own expiry (by the gateway's clock) is what counts; see finish.
      requestIdExpirationPeriodMs: Number.MAX_SAFE_INTEGER / 2,
      cacheProvider,
      generateUniqueId: () => opts.requestId ?? `_${randomBytes(20).toString('hex')}`,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });
  }

  /** The identity provider's sign-in URL carrying a new AuthnRequest through `connectorName`, remembered for the ACS. */
  async begin(connectorName: string, redirectUrl: string | undefined): Promise<URL> {
    const { connector, updatedAt } = await this.connector(connectorName);
    const idp = await this.idpMetadata(connector, updatedAt);
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const now = this.now();
    await this.requests.create({
      state: requestId,
      kind: 'saml',
      connector: connectorName,
      nonce: '',
      codeVerifier: '',
      redirectUrl: landingPath(redirectUrl, this.publicUrl()),
      createdAt: now,
      expiresAt: now + requestTtlMs,
    });
    try {
      return new URL(await this.saml(connector, idp, { requestId }).getAuthorizeUrlAsync('', undefined, {}));
    } catch (err) {
      await this.requests.take('saml', requestId);
      throw new SsoFailure(`could not build the sign-in request (${err instanceof Error ? err.message : String(err)}): an administrator should check the connector ${connectorName}`, connectorName);
    }
  }

  /**
   * The identity provider's answer posted to the ACS of `connectorName`: who signed in, with their mapped roles
   * and traits, and where to send them. The pending request it answers is used up once the response checks out.
   */
  async finish(connectorName: string, samlResponse: string | undefined): Promise<{ identity: SsoIdentity; redirectUrl: string }> {
    if (!samlResponse) throw new SsoFailure('the identity provider posted no SAMLResponse: start the sign-in again from the login page', connectorName);
    const { connector, updatedAt } = await this.connector(connectorName);
    const idp = await this.idpMetadata(connector, updatedAt);
    const failed = (message: string) => new SsoFailure(message, connectorName);

    let profile: Profile;
    try {
      const result = await this.saml(connector, idp).validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!result.profile) throw new Error('the response holds no assertion');
      profile = result.profile;
    } catch (err) {
      throw failed(explain(err, connectorName));
    }

    const assertion = profile.getAssertion?.() as AssertionJs | undefined;
    const responseInResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined;
    const inResponseTo = subjectInResponseTo(assertion) ?? responseInResponseTo;
    if (!inResponseTo || (responseInResponseTo !== undefined && inResponseTo !== responseInResponseTo))
      throw failed('the signed assertion does not say which sign-in it answers (no matching InResponseTo): start the sign-in again from the login page');
    const window = validityError(assertion, this.now());
    if (window) throw failed(window);

    const request: SsoRequest | undefined = await this.requests.take('saml', inResponseTo);
    if (!request || request.connector !== connectorName)
      throw failed('this sign-in is unknown or was already used (a replayed SAML response): start the sign-in again from the login page');
    if (request.expiresAt <= this.now()) throw failed('the sign-in took longer than 10 minutes and expired: start it again from the login page');

    const attributes: Claims = { ...((profile.attributes as Claims | undefined) ?? {}) };
    const username = profile.nameID;
    if (!username) throw failed('the identity provider did not say who signed in (no NameID in the assertion)');
    const roles = mapRoles(
      attributes,
      connector.spec.attributes_to_roles.map((m) => ({ claim: m.name, value: m.value, roles: m.roles })),
    );
    if (roles.length === 0)
      throw failed(
        `${username} has no role here: none of the connector ${connectorName}'s attributes_to_roles matched the identity provider's attributes; an administrator must map one of ${username}'s attributes to a role`,
      );
    return { identity: { authType: 'saml', connector: connectorName, username, roles, traits: traitsFrom(attributes) }, redirectUrl: request.redirectUrl };
  }
}

/** The parts of xml2js's parsed assertion read here. */
interface AssertionJs {
  Assertion?: {
    Conditions?: { $?: { NotBefore?: string; NotOnOrAfter?: string } }[];
    Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { NotBefore?: string; NotOnOrAfter?: string; InResponseTo?: string } }[] }[] }[];
  };
}

const confirmations = (a: AssertionJs | undefined) => (a?.Assertion?.Subject?.[0]?.SubjectConfirmation ?? []).map((c) => c.SubjectConfirmationData?.[0]?.$ ?? {});

function subjectInResponseTo(a: AssertionJs | undefined): string | undefined {
  return confirmations(a).find((c) => c.InResponseTo)?.InResponseTo;
}

/** Why the assertion is not valid at `now` (Conditions and SubjectConfirmationData windows), or undefined. */
function validityError(a: AssertionJs | undefined, now: number): string | undefined {
  const windows = [a?.Assertion?.Conditions?.[0]?.$ ?? {}, ...confirmations(a)];
  for (const w of windows) {
    if (w.NotBefore !== undefined && now + clockSkewMs < Date.parse(w.NotBefore))
      return `the SAML assertion is not valid before ${w.NotBefore}: the identity provider's clock and this gateway's disagree; start the sign-in again`;
    if (w.NotOnOrAfter !== undefined && (Number.isNaN(Date.parse(w.NotOnOrAfter)) || now - clockSkewMs >= Date.parse(w.NotOnOrAfter)))
      return `the SAML assertion expired at ${w.NotOnOrAfter}: start the sign-in again from the login page`;
  }
  return undefined;
}

/** node-saml's refusals, in words a person can act on. */
function explain(err: unknown, connector: string): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/InResponseTo/i.test(message)) return 'this sign-in is unknown or was already used (a replayed SAML response): start the sign-in again from the login page';
  if (/signature/i.test(message))
    return `the SAML response is not signed by the identity provider, or was changed after signing (${message}): start the sign-in again, or ask an administrator to check the connector ${connector}'s metadata`;
  if (/audience/i.test(message))
    return `the SAML assertion is meant for another service (${message}): an administrator should check the connector ${connector}'s audience and the identity provider's settings`;
  if (/issuer/i.test(message)) return `the SAML response comes from another identity provider (${message}): an administrator should check the connector ${connector}'s metadata`;
  if (/status/i.test(message)) return `the identity provider refused the sign-in (${message})`;
  return `the SAML response did not check out (${message}): start the sign-in again, or ask an administrator to check the connector ${connector}`;
}
