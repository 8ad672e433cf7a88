/**
 * SAML sign-in against a test identity provider built with samlify's IdP role and a key pair and certificate made
 * here: the gateway sends an AuthnRequest (redirect binding), the IdP parses it and answers with a signed login
 * response, which is posted to the gateway's ACS as the IdP's page would. Refusals are made by changing what
 * the IdP sends: stripping or breaking its signature, another audience, a later clock, a replay, no mapped role.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventCodes } from '@portcullis/shared';
import * as samlify from 'samlify';
import { bearerFor } from '../../src/management/websessions/secrets';
import { engines, startGateway, type Client, type TestGateway } from '../harness';

// samlify insists on a schema validator; this one accepts everything, and only the test IdP uses it.
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

const idpEntityId = 'https://idp.test.example/metadata';
const idpSsoUrl = 'https://idp.test.example/sso';

/** A throwaway RSA key and self-signed certificate for the IdP (openssl in a temporary directory). */
function keyAndCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=test-idp'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { key, cert } = keyAndCertificate();
const idp = samlify.IdentityProvider({
  entityID: idpEntityId,
  privateKey: key,
  signingCert: cert,
  singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: idpSsoUrl }],
  singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${idpSsoUrl}/logout` }],
  nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
});

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Person {
  email: string;
  attributes: Record<string, string[]>;
}

/** What the IdP answers for a sign-in, with the parts a test may change. */
async function loginResponse(acsUrl: string, ssoLocation: string, who: Person, opts: { audience?: string } = {}): Promise<string> {
  const sp = samlify.ServiceProvider({
    entityID: acsUrl,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: acsUrl }],
    wantAssertionsSigned: true,
  });
  const query = Object.fromEntries(new URL(ssoLocation).searchParams);
  const parsed = await idp.parseLoginRequest(sp, 'redirect', { query });
  const requestInfo = { extract: parsed.extract };
  const requestId = (parsed.extract as { request: { id: string } }).request.id;
  expect(requestId).toMatch(/^_[0-9a-f]{40}$/);
  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000).toISOString();
  const statement =
    '<saml:AttributeStatement>' +
    Object.entries(who.attributes)
      .map(([name, values]) => `<saml:Attribute Name="${esc(name)}">${values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`)
      .join('') +
    '</saml:AttributeStatement>';
  const id = `_${Math.random().toString(16).slice(2)}${Date.now()}`;
  const res = await idp.createLoginResponse(sp, requestInfo, 'post', { email: who.email }, (template: string) => ({
    id,
    context: samlify.SamlLib.replaceTagsByValue(template.replace('{AttributeStatement}', statement), {
      ID: id,
      AssertionID: `${id}a`,
      Destination: acsUrl,
      Audience: opts.audience ?? acsUrl,
      SubjectRecipient: acsUrl,
      Issuer: idpEntityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      NameID: who.email,
      InResponseTo: requestId,
      AuthnStatement: '',
    }),
  }));
  return res.context;
}

const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

function connector(name: string, acsUrl: string) {
  const metadata = idp.getMetadata().replace(/\n/g, ' ');
  return `kind: saml
version: v3
metadata:
  name: ${name}
spec:
  entity_descriptor: '${metadata.replace(/'/g, "''")}'
  acs: ${acsUrl}
  attributes_to_roles:
    - name: groups
      value: devs
      roles: [dev]
    - name: groups
      value: admins
      roles: [dev, ops]
`;
}

const failureDetails = (location: string) => {
  const u = new URL(location, 'http://x');
  expect(u.pathname).toBe('/web/msg/error/login/callback');
  return u.searchParams.get('details') ?? '';
};

describe.each(engines)('SAML sign-in on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client;
  let offset = 0;
  let acsUrl: string;

  const lastFailure = async () => {
    const row = await gw.server.store.db.selectFrom('events').select(['data', 'code']).where('code', '=', eventCodes.USER_SSO_LOGINFAILURE).orderBy('id', 'desc').executeTakeFirst();
    return row && (JSON.parse(row.data) as Record<string, unknown>);
  };
  const failures = async () =>
    Number((await gw.server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', eventCodes.USER_SSO_LOGINFAILURE).executeTakeFirstOrThrow()).n);

  /** Starts a sign-in at the gateway: where it sends the browser (the IdP, carrying the AuthnRequest). */
  async function start(redirect = '/web/cluster/localhost/nodes'): Promise<string> {
    const res = await fetch(`${gw.url}/v1/webapi/saml/sso?connector_id=corp&redirect_url=${encodeURIComponent(redirect)}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${idpSsoUrl}?`)).toBe(true);
    return location;
  }

  /** Posts a SAMLResponse to the ACS as the IdP's auto-submitted form would (no CSRF token, no cookie). */
  async function post(samlResponse: string, path = '/v1/webapi/saml/acs/corp') {
    const res = await fetch(`${gw.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
      redirect: 'manual',
    });
    return { status: res.status, location: res.headers.get('location') ?? '', cookies: res.headers.getSetCookie() };
  }

  /** A refused sign-in: the failure page with a message containing `expected`, and one more audited failure saying it. */
  async function expectFailure(samlResponse: string, expected: string, path?: string) {
    const before = await failures();
    const { status, location, cookies } = await post(samlResponse, path);
    expect(status).toBe(302);
    expect(failureDetails(location)).toContain(expected);
    expect(cookies.filter((c) => c.startsWith('grv_session='))).toEqual([]);
    expect(await failures()).toBe(before + 1);
    const audited = await lastFailure();
    expect(audited).toMatchObject({ method: 'saml', success: false });
    expect(audited?.error).toContain(expected);
  }

  const bob: Person = { email: 'bob@example.com', attributes: { groups: ['devs'], logins: ['bob', 'ubuntu'] } };

  beforeAll(async () => {
    gw = await startGateway({ engine, now: () => Date.now() + offset });
    acsUrl = `${gw.url}/v1/webapi/saml/acs/corp`;
    await gw.createRole('kind: role\nmetadata:\n  name: dev\nspec: {}\n');
    await gw.createRole('kind: role\nmetadata:\n  name: ops\nspec: {}\n');
    admin = await gw.signIn({ roles: ['editor'] });
    const created = await admin.post('/v1/webapi/saml/connectors', { content: connector('corp', acsUrl) });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await gw?.close();
  });
  afterEach(() => {
    offset = 0;
  });

  it('offers the connector on the login page', async () => {
    const ping = await gw.anonymous().get('/v1/webapi/ping');
    expect((ping.body as { auth: { providers: unknown[] } }).auth.providers).toContainEqual({ name: 'corp', type: 'saml', displayName: 'corp', url: '/v1/webapi/saml/sso?connector_id=corp' });
  });

  it('signs a new user in from a signed assertion, with roles and traits from the attributes; the cookie works; a second sign-in updates the roles', async () => {
    const { status, location, cookies } = await post(await loginResponse(acsUrl, await start(), bob));
    expect({ status, location }).toEqual({ status: 302, location: '/web/cluster/localhost/nodes' });
    const user = await gw.server.store.users.get('bob@example.com');
    expect(user).toMatchObject({ authType: 'saml', roles: ['dev'], passwordHash: null });
    expect(user!.traits.logins).toEqual(['bob', 'ubuntu']);

    const secret = /^grv_session=([^;]+)/.exec(cookies.find((c) => c.startsWith('grv_session='))!)![1]!;
    const context = await fetch(`${gw.url}/v1/webapi/sites/localhost/context`, { headers: { cookie: `grv_session=${secret}`, authorization: `Bearer ${bearerFor(secret)}` } });
    expect(context.status).toBe(200);
    expect(await context.json()).toMatchObject({ userName: 'bob@example.com', authType: 'saml' });
    const login = await gw.server.store.db.selectFrom('events').select('data').where('code', '=', eventCodes.USER_SSO_LOGIN).orderBy('id', 'desc').executeTakeFirst();
    expect(JSON.parse(login!.data)).toMatchObject({ user: 'bob@example.com', method: 'saml', connector: 'corp', success: true });

    const again = await post(await loginResponse(acsUrl, await start('https://evil.example/steal'), { ...bob, attributes: { groups: ['admins'] } }));
    expect({ status: again.status, location: again.location }).toEqual({ status: 302, location: '/web' });
    expect((await gw.server.store.users.get('bob@example.com'))!.roles.sort()).toEqual(['dev', 'ops']);
  });

  it('refuses a response whose signatures were removed', async () => {
    const signed = decode(await loginResponse(acsUrl, await start(), bob));
    expect(signed).toContain('<ds:Signature');
    const unsigned = signed.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toContain('Signature');
    await expectFailure(encode(unsigned), 'is not signed by the identity provider, or was changed after signing');
  });

  it('refuses an assertion changed after signing', async () => {
    const signed = decode(await loginResponse(acsUrl, await start(), { email: 'carol@example.com', attributes: { groups: ['devs'] } }));
    const altered = signed.replace('>devs<', '>admins<');
    expect(altered).not.toBe(signed);
    await expectFailure(encode(altered), 'is not signed by the identity provider, or was changed after signing');
    expect(await gw.server.store.users.get('carol@example.com')).toBeUndefined();
  });

  it('refuses an assertion for another audience', async () => {
    await expectFailure(await loginResponse(acsUrl, await start(), bob, { audience: 'https://someone-else.example/sp' }), 'is meant for another service');
  });

  it('refuses an expired assertion (by the gateway clock)', async () => {
    const response = await loginResponse(acsUrl, await start(), bob);
    offset = 6 * 60_000;
    await expectFailure(response, 'the SAML assertion expired at');
  });

  it('refuses a replayed response: each sign-in is accepted once', async () => {
    const response = await loginResponse(acsUrl, await start(), bob);
    expect((await post(response)).location).toBe('/web/cluster/localhost/nodes');
    await expectFailure(response, 'was already used');
  });

  it('refuses a user none of whose attributes maps to a role', async () => {
    await expectFailure(await loginResponse(acsUrl, await start(), { email: 'dave@example.com', attributes: { groups: ['visitors'] } }), 'dave@example.com has no role here');
    expect(await gw.server.store.users.get('dave@example.com')).toBeUndefined();
  });

  it('refuses a response posted to an unknown connector, and a sign-in link naming none', async () => {
    const response = await loginResponse(acsUrl, await start(), bob);
    await expectFailure(response, 'there is no SAML connector named nope', '/v1/webapi/saml/acs/nope');
    const before = await failures();
    const res = await fetch(`${gw.url}/v1/webapi/saml/sso?connector_id=nope`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(failureDetails(res.headers.get('location')!)).toContain('there is no SAML connector named nope');
    expect(await failures()).toBe(before + 1);
  });

  it('reads form bodies on the ACS only', async () => {
    const res = await fetch(`${gw.url}/v1/webapi/sessions/web`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=a&pass=b', redirect: 'manual' });
    expect(res.status).toBe(415);
  });
});
