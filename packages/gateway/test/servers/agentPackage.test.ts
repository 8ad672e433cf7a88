import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startGateway, type TestGateway } from '../harness';

/** Packed by `make build` (scripts/pack-agent.mjs) beside the built command line. */
const builtPackage = path.resolve(__dirname, '../../dist/portcullis-agent.tgz');

describe('the agent package install-node.sh downloads', () => {
  let gw: TestGateway;
  let work: string;
  beforeAll(async () => {
    gw = await startGateway({ config: { agentPackage: builtPackage } });
    // Unpacked inside the repository, so the unpacked CLI resolves its dependencies from its node_modules.
    work = mkdtempSync(path.resolve(__dirname, '../../../../build/agent-unpacked-'));
  });
  afterAll(async () => {
    await gw.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('is served to anyone at /scripts/portcullis-agent.tgz and runs `portcullis agent`', async () => {
    expect(existsSync(builtPackage)).toBe(true);
    const res = await fetch(`${gw.url}/scripts/portcullis-agent.tgz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const tgz = path.join(work, 'agent.tgz');
    writeFileSync(tgz, Buffer.from(await res.arrayBuffer()));
    execFileSync('tar', ['-xzf', tgz, '-C', work]);

    const manifest = JSON.parse(readFileSync(path.join(work, 'package/package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ portcullis: 'dist/cli.js' });
    expect(manifest.bundleDependencies).toEqual(['@portcullis/shared']);
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['ws', 'node-pty', 'commander', 'zod']));
    expect(existsSync(path.join(work, 'package/node_modules/@portcullis/shared/dist/index.js'))).toBe(true);

    const help = execFileSync(process.execPath, [path.join(work, 'package/dist/cli.js'), 'agent', '--help'], { encoding: 'utf8' });
    expect(help).toContain('--gateway');
    expect(help).toContain('--token');
  });

  test('answers a clear 404 where the package was never built', async () => {
    const bare = await startGateway({ config: { agentPackage: path.join(work, 'missing.tgz') } });
    try {
      const res = await fetch(`${bare.url}/scripts/portcullis-agent.tgz`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toMatch(/no agent package; run `make build`/);
    } finally {
      await bare.close();
    }
  });
});
