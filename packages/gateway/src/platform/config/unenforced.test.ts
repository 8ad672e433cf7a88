import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProgram } from '../../cli/program';
import { createGateway } from '../server/app';
import { parseConfig } from './config';

describe('settings the gateway cannot enforce yet', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-unenforced-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['otp', 'webauthn', 'on', 'optional'] as const)('refuses to start with auth.secondFactor: %s, saying what to set', async (secondFactor) => {
    const config = parseConfig({ dataDir, logLevel: 'silent', auth: { secondFactor } });
    await expect(createGateway(config)).rejects.toThrow(
      `refusing to start:\n  auth.secondFactor: ${secondFactor} cannot be enforced yet: this gateway does not check second factors, so every login would pass on a password alone. Set auth.secondFactor: off until second factors are supported.`,
    );
  });

  it('portcullis start fails with the same message before listening', async () => {
    const file = path.join(dataDir, 'gateway.yaml');
    writeFileSync(file, `dataDir: ${dataDir}\nlisten: 127.0.0.1:0\nauth:\n  secondFactor: otp\n`);
    const program = buildProgram(() => undefined).exitOverride();
    await expect(program.parseAsync(['start', '--config', file], { from: 'user' })).rejects.toThrow(/^refusing to start:\n {2}auth\.secondFactor: otp cannot be enforced yet/);
  });

  it('starts with auth.secondFactor: off', async () => {
    const server = await createGateway(parseConfig({ dataDir, logLevel: 'silent', auth: { secondFactor: 'off' } }));
    await server.close();
    expect(server.adminInvite).toMatch(/^[0-9a-f]{32}$/);
  });
});
