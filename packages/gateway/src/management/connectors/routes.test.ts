import { apiPaths } from '@portcullis/shared';
import { connectorYaml } from '../../../test/connectors/factories';
import { engines, startGateway, type Client, type TestGateway } from '../../../test/harness';
import { withoutOptional } from '../../platform/access/templates';
import type { ConnectorKind } from './model';
import { connectorRepo } from './repo';
import { secretPlaceholder } from './secrets';

const base = { github: withoutOptional(apiPaths.githubConnectors), oidc: withoutOptional(apiPaths.oidcConnectors), saml: withoutOptional(apiPaths.samlConnectors) };
const auditCodes = {
  oidc: ['T8100I', 'T8102I', 'T8101I'],
  saml: ['T8200I', 'T8202I', 'T8201I'],
  github: ['T8000I', 'T8002I', 'T8001I'],
};
const kinds: ConnectorKind[] = ['oidc', 'saml', 'github'];

/** The config the console page loads, as the object it assigns. */
async function servedConfig(gw: TestGateway) {
  const text = await (await fetch(`${gw.url}/web/config.js`)).text();
  const match = /^window\.PORTCULLIS_CONFIG = (.*);\n$/s.exec(text);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

describe.each(engines)('the auth connectors API on %s', (engine) => {
  let gw: TestGateway;
  let editor: Client & { name: string };
  let plain: Client;
  let storedSecret: (kind: ConnectorKind, name: string) => Promise<string | undefined>;
  beforeAll(async () => {
    gw = await startGateway({ engine });
    editor = await gw.signIn({ roles: ['editor', 'auditor'] });
    plain = await gw.signIn({ roles: ['access'] });
    const repo = connectorRepo(gw.server.store);
    storedSecret = async (kind, name) => {
      const c = (await repo.get(kind, name))?.connector;
      return c && 'client_secret' in c.spec ? c.spec.client_secret : undefined;
    };
  });
  afterAll(() => gw.close());

  it('refuses callers without an auth_connector rule', async () => {
    for (const kind of kinds) {
      expect((await gw.anonymous().get(base[kind])).status).toBe(403);
      expect((await plain.get(base[kind])).status).toBe(403);
      expect((await plain.post(base[kind], { content: connectorYaml(kind, 'nope') })).status).toBe(403);
    }
  });

  it.each(kinds)('creates, lists, reads, replaces and deletes a %s connector, each audited', async (kind) => {
    const name = `${kind}-corp`;
    const content = connectorYaml(kind, name);
    const created = await editor.post(base[kind], { content });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(['content', 'kind', 'name']);
    expect(created.body).toMatchObject({ kind, name });
    expect((await editor.post(base[kind], { content })).status).toBe(409);

    const list = await editor.get(base[kind]);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { kind: string; name: string }) => `${c.kind}/${c.name}`)).toEqual([`${kind}/${name}`]);
    expect((await editor.get(`${base[kind]}/${name}`)).body).toEqual(created.body);

    const edited = created.body.content.replace(kind === 'saml' ? 'roles: [editor, access]' : 'roles: [editor]', 'roles: [auditor]');
    expect(edited).not.toBe(created.body.content);
    const updated = await editor.put(`${base[kind]}/${name}`, { content: edited });
    expect(updated.status).toBe(200);
    expect(updated.body.content).toContain('roles: [auditor]');
    expect((await editor.get(`${base[kind]}/${name}`)).body.content).toBe(updated.body.content);

    const renamed = await editor.put(`${base[kind]}/other`, { content: edited });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toMatch(/^metadata\.name: /);
    expect((await editor.put(`${base[kind]}/missing`, { content: connectorYaml(kind, 'missing') })).status).toBe(404);

    expect((await plain.del(`${base[kind]}/${name}`)).status).toBe(403);
    expect((await editor.del(`${base[kind]}/${name}`)).status).toBe(200);
    expect((await editor.get(`${base[kind]}/${name}`)).status).toBe(404);
    expect((await editor.del(`${base[kind]}/${name}`)).status).toBe(404);
    expect((await editor.get(base[kind])).body).toEqual([]);

    const events = await editor.get(`/v1/webapi/sites/localhost/events/search?include=${kind}.created,${kind}.updated,${kind}.deleted&order=asc`);
    const mine = events.body.events.filter((e: { name: string }) => e.name === name);
    expect(mine.map((e: { code: string; user: string }) => [e.code, e.user])).toEqual(auditCodes[kind].map((code) => [code, editor.name]));
  });

  it('keeps one namespace per kind: the same name may be an oidc and a github connector', async () => {
    expect((await editor.post(base.oidc, { content: connectorYaml('oidc', 'shared-name') })).status).toBe(200);
    expect((await editor.post(base.github, { content: connectorYaml('github', 'shared-name') })).status).toBe(200);
    expect((await editor.get(base.oidc)).body.map((c: { kind: string }) => c.kind)).toEqual(['oidc']);
    expect((await editor.del(`${base.oidc}/shared-name`)).status).toBe(200);
    expect((await editor.get(`${base.github}/shared-name`)).status).toBe(200);
    expect((await editor.del(`${base.github}/shared-name`)).status).toBe(200);
  });

  it.each(['oidc', 'github'] as const)('never sends a %s client secret back, and keeps it when the placeholder is saved', async (kind) => {
    const name = `${kind}-secret`;
    const content = connectorYaml(kind, name, { secret: 'hunter2-very-secret' });
    const created = await editor.post(base[kind], { content });
    // Only the secret's text changes: the comment and layout around it are kept.
    expect(created.body.content).toBe(content.replace('hunter2-very-secret', JSON.stringify(secretPlaceholder)));
    for (const res of [created, await editor.get(`${base[kind]}/${name}`), await editor.get(base[kind])])
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(await storedSecret(kind, name)).toBe('hunter2-very-secret');

    // Saved back as shown: the stored secret stays.
    const kept = await editor.put(`${base[kind]}/${name}`, { content: created.body.content.replace('client_id: ', 'client_id: new-') });
    expect(kept.status).toBe(200);
    expect(kept.body.content).toContain('client_id: new-');
    expect(await storedSecret(kind, name)).toBe('hunter2-very-secret');

    // A new secret replaces it, and is not shown either.
    const replaced = await editor.put(`${base[kind]}/${name}`, { content: connectorYaml(kind, name, { secret: 'rotated-secret-2' }) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.content).not.toContain('rotated-secret-2');
    expect(await storedSecret(kind, name)).toBe('rotated-secret-2');

    // A secret that would still show elsewhere in the YAML (here a comment) is rendered afresh, redacted.
    const described = connectorYaml(kind, name, { secret: 'described-secret-4' }).replace('# ', '# described-secret-4 ');
    const res = await editor.put(`${base[kind]}/${name}`, { content: described });
    expect(res.status).toBe(200);
    expect(res.body.content).not.toContain('described-secret-4');
    expect(res.body.content).toContain(secretPlaceholder);
    expect(await storedSecret(kind, name)).toBe('described-secret-4');

    // A new connector must bring its secret.
    const bare = await editor.post(base[kind], { content: connectorYaml(kind, `${name}-2`, { secret: JSON.stringify(secretPlaceholder) }) });
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toMatch(/^spec\.client_secret: write the client secret itself/);
    expect((await editor.del(`${base[kind]}/${name}`)).status).toBe(200);
  });

  it('answers a 400 naming the line and field of a bad connector', async () => {
    const cases: [ConnectorKind, string, RegExp][] = [
      ['oidc', connectorYaml('oidc', 'bad').replace('issuer_url: https://idp.example.com/', 'issuer_url: idp.example.com'), /^line 9: spec\.issuer_url: must be the identity provider’s issuer as an http\(s\) URL/],
      ['oidc', connectorYaml('oidc', 'bad').replace('client_id:', 'client_ident:'), /^line 6: spec\.client_id: write the client ID .*; line 7: spec\.client_ident: not a connector field this gateway accepts/],
      ['oidc', connectorYaml('oidc', 'bad').replace(/claims_to_roles:[^]*$/, 'claims_to_roles: []\n'), /^line 12: spec\.claims_to_roles: map at least one claim to roles/],
      ['github', connectorYaml('github', 'bad').replace('team: admins', 'team: admins\n      teem: x'), /^line 14: spec\.teams_to_roles\.0\.teem: not a connector field/],
      ['github', connectorYaml('oidc', 'bad'), /^line 2: kind: must be github: this endpoint takes github connectors/],
      ['saml', connectorYaml('saml', 'bad').replace(/ {2}entity_descriptor_url:.*\n/, ''), /^line 5: spec\.entity_descriptor: give the identity provider’s metadata/],
      ['saml', connectorYaml('saml', 'bad').replace('spec:\n', 'spec:\n  entity_descriptor: <xml/>\n'), /^line 7: spec\.entity_descriptor_url: give entity_descriptor or entity_descriptor_url, not both/],
      ['saml', 'kind: saml\nmetadata: {name: x\n', /^line \d+: /],
    ];
    for (const [kind, content, message] of cases) {
      const res = await editor.post(base[kind], { content });
      expect([kind, res.status, res.body.error.message]).toEqual([kind, 400, expect.stringMatching(message)]);
    }
    expect((await editor.post(base.oidc, { content: 7 })).body.error.message).toMatch(/^body\.content: /);
  });

  it('offers each connector (oidc, saml, github) as a login button in /web/config.js and /ping, leaving authType local', async () => {
    expect((await servedConfig(gw)).auth.providers).toEqual([]);
    await editor.post(base.oidc, { content: connectorYaml('oidc', 'okta', { display: 'Okta' }) });
    await editor.post(base.oidc, { content: connectorYaml('oidc', 'auth0') });
    await editor.post(base.saml, { content: connectorYaml('saml', 'adfs') });
    await editor.post(base.github, { content: connectorYaml('github', 'gh', { display: 'GitHub' }) });
    const expected = [
      { name: 'gh', type: 'github', displayName: 'GitHub', url: '/v1/webapi/github/login/web?connector_id=gh' },
      { name: 'auth0', type: 'oidc', displayName: 'auth0', url: '/v1/webapi/oidc/login/web?connector_id=auth0' },
      { name: 'okta', type: 'oidc', displayName: 'Okta', url: '/v1/webapi/oidc/login/web?connector_id=okta' },
      { name: 'adfs', type: 'saml', displayName: 'adfs', url: '/v1/webapi/saml/sso?connector_id=adfs' },
    ];
    const config = await servedConfig(gw);
    expect(config.auth.providers).toEqual(expected);
    expect(config.auth.authType).toBe('local');
    const ping = await gw.anonymous().get('/v1/webapi/ping');
    expect(ping.body.auth.providers).toEqual(expected);
    expect(ping.body.auth.authType).toBe('local');

    await editor.del(`${base.oidc}/auth0`);
    expect((await servedConfig(gw)).auth.providers.map((p: { name: string }) => p.name)).toEqual(['gh', 'okta', 'adfs']);
    await editor.del(`${base.oidc}/okta`);
    await editor.del(`${base.github}/gh`);
    await editor.del(`${base.saml}/adfs`);
    expect((await gw.anonymous().get('/v1/webapi/ping')).body.auth.providers).toEqual([]);
  });
});
