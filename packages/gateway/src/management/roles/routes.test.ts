import { startGateway, type Client, type TestGateway } from '../../../test/harness';

const devRole = (extra = '') => `kind: role\nmetadata:\n  name: dev\nspec:\n  allow:\n    logins: [dev]\n${extra}`;

describe('the roles API', () => {
  let gw: TestGateway;
  let editor: Client & { name: string };
  let plain: Client;
  beforeAll(async () => {
    gw = await startGateway();
    editor = await gw.signIn({ roles: ['editor', 'auditor'] });
    plain = await gw.signIn({ roles: ['access'] });
  });
  afterAll(() => gw.close());

  it('has the presets access, editor and auditor from the first start, as {kind, name, content}', async () => {
    expect((await gw.anonymous().get('/v1/webapi/roles')).status).toBe(403);
    expect((await plain.get('/v1/webapi/roles')).status).toBe(403);
    const list = await editor.get('/v1/webapi/roles');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['access', 'auditor', 'editor']);
    expect(Object.keys(list.body[0]).sort()).toEqual(['content', 'kind', 'name']);
    expect(list.body[0]).toMatchObject({ kind: 'role', name: 'access' });
    expect(list.body[0].content).toContain('- "{{internal.logins}}"');
  });

  it('creates, replaces by name and deletes a role, each audited', async () => {
    const created = await editor.post('/v1/webapi/roles', { content: devRole() });
    expect(created.status).toBe(200);
    expect(created.body.name).toBe('dev');
    expect((await editor.post('/v1/webapi/roles', { content: devRole() })).status).toBe(409);
    const updated = await editor.put('/v1/webapi/roles/dev', { content: devRole('    node_labels:\n      env: dev\n') });
    expect(updated.status).toBe(200);
    expect(updated.body.content).toContain('env: dev');
    expect((await editor.get('/v1/webapi/roles/dev')).body.content).toContain('env: dev');
    const renamed = await editor.put('/v1/webapi/roles/other', { content: devRole() });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toMatch(/^metadata\.name: /);
    expect((await plain.del('/v1/webapi/roles/dev')).status).toBe(403);
    expect((await editor.del('/v1/webapi/roles/dev')).status).toBe(200);
    expect((await editor.get('/v1/webapi/roles/dev')).status).toBe(404);

    const events = await editor.get('/v1/webapi/sites/localhost/events/search?include=role.created,role.updated,role.deleted&order=asc');
    const dev = events.body.events.filter((e: { name: string }) => e.name === 'dev');
    expect(dev.map((e: { code: string; user: string }) => [e.code, e.user])).toEqual([
      ['T9000I', editor.name],
      ['T9002I', editor.name],
      ['T9001I', editor.name],
    ]);
  });

  it('saves the desktop options and the usual role model’s unenforced fields without dropping them', async () => {
    const content = `kind: role\nmetadata:\n  name: desk\nspec:\n  options:\n    desktop_clipboard: false\n    desktop_directory_sharing: false\n    permit_x11_forwarding: true\n  allow:\n    logins: [dev]\n`;
    expect((await editor.post('/v1/webapi/roles', { content })).status).toBe(200);
    const saved = (await editor.get('/v1/webapi/roles/desk')).body.content;
    for (const line of ['desktop_clipboard: false', 'desktop_directory_sharing: false', 'permit_x11_forwarding: true']) expect(saved).toContain(line);
    expect((await editor.del('/v1/webapi/roles/desk')).status).toBe(200);
  });

  it('keeps a role as it was written: comments, key order and layout survive a save', async () => {
    const content = `# who may deploy\nkind: role\nmetadata: { name: deployer }\nspec:\n  allow:\n    logins: [deploy]   # the CI account\n    node_labels: { env: [dev, staging] }\n`;
    expect((await editor.post('/v1/webapi/roles', { content })).body.content).toBe(content);
    expect((await editor.get('/v1/webapi/roles/deployer')).body.content).toBe(content);
    const edited = content.replace('[deploy]', '[deploy, release]');
    expect((await editor.put('/v1/webapi/roles/deployer', { content: edited })).body.content).toBe(edited);
    expect((await editor.get('/v1/webapi/roles')).body.find((r: { name: string }) => r.name === 'deployer').content).toBe(edited);
    expect((await editor.del('/v1/webapi/roles/deployer')).status).toBe(200);
  });

  it('answers a 400 naming the line and field of a bad role', async () => {
    const res = await editor.post('/v1/webapi/roles', { content: devRole('    rules:\n      - resources: [node]\n        verbs: [fly]\n') });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^line 9: spec\.allow\.rules\.0\.verbs\.0: /);
    expect((await editor.post('/v1/webapi/roles', { content: 7 })).body.error.message).toMatch(/^body\.content: /);
  });

  it('refuses to delete a role still assigned to a user', async () => {
    const res = await editor.del('/v1/webapi/roles/access');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^role access is still assigned to /);
  });
});
