import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProgram } from '../../cli/program';
import { createGateway } from '../server/app';
import { parseConfig } from './config';

describe('settings the gateway cannot honour together', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-unenforced-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['off', 'otp'] as const)('refuses to lead the login page with passkeys under auth.secondFactor: %s, saying what to set', async (secondFactor) => {
    const config = parseConfig({ dataDir, logLevel: 'silent', auth: { secondFactor, connectorName: 'passwordless' } });
    await expect(createGateway(config)).rejects.toThrow(
      `refusing to start:\n  auth.connectorName: passwordless signs people in with passkeys, which auth.secondFactor: ${secondFactor} does not allow. Set auth.secondFactor to webauthn, on or optional, or auth.connectorName to local.`,
    );
  });

  it('refuses an RP id that does not cover the origins the console is served on', async () => {
    const config = parseConfig({ dataDir, logLevel: 'silent', publicUrl: 'https://gw.example.com', auth: { secondFactor: 'on', webauthn: { rpId: 'example.org' } } });
    await expect(createGateway(config)).rejects.toThrow(/^refusing to start:\n {2}auth\.webauthn\.rpId: example\.org does not cover https:\/\/gw\.example\.com,/);
    const parent = parseConfig({ dataDir, logLevel: 'silent', auth: { secondFactor: 'on', webauthn: { rpId: 'example.com', origins: ['https://gw.example.com', 'https://example.com:8443'] } } });
    await (await createGateway(parent)).close();
  });

  it('refuses to advertise plain http to other gateways on another host, and takes it on loopback or https', async () => {
    const plain = parseConfig({ dataDir, logLevel: 'silent', peers: { advertiseUrl: 'http://10.0.0.5:3080' } });
    await expect(createGateway(plain)).rejects.toThrow(
      'refusing to start:\n  peers.advertiseUrl: http://10.0.0.5:3080 is plain http to another host, and gateways send each other joiners\' session tokens and the cluster\'s peer secret over it. Serve TLS (tls.cert and tls.key) and advertise an https:// URL, or keep the gateways on one host (127.0.0.1).',
    );
    for (const advertiseUrl of ['http://127.0.0.1:3080', 'http://localhost:3080', 'http://[::1]:3080', 'https://10.0.0.5:3080']) {
      await (await createGateway(parseConfig({ dataDir, logLevel: 'silent', peers: { advertiseUrl } }))).close();
    }
  });

  it('portcullis start fails with the same message before listening', async () => {
    const file = path.join(dataDir, 'gateway.yaml');
    writeFileSync(file, `dataDir: ${dataDir}\nlisten: 127.0.0.1:0\nauth:\n  secondFactor: otp\n  connectorName: passwordless\n`);
    const program = buildProgram(() => undefined).exitOverride();
    await expect(program.parseAsync(['start', '--config', file], { from: 'user' })).rejects.toThrow(/^refusing to start:\n {2}auth\.connectorName: passwordless signs people in with passkeys/);
  });

  it.each(['off', 'otp', 'webauthn', 'on', 'optional'] as const)('starts with auth.secondFactor: %s, now that second factors are enforced', async (secondFactor) => {
    const server = await createGateway(parseConfig({ dataDir, logLevel: 'silent', auth: { secondFactor } }));
    await server.close();
  });
});
