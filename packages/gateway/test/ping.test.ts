import { spawn } from 'node:child_process';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const cli = path.resolve(__dirname, '../dist/cli.js');

/** Starts the built command line for real and waits until it answers. */
async function startGateway(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-'));
  const child = spawn(process.execPath, [cli, 'start', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], { stdio: 'pipe' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/v1/webapi/ping`);
      return { child, base };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error('gateway did not start');
}

describe('portcullis start', () => {
  it('answers /v1/webapi/ping with JSON and stops cleanly on SIGTERM', async () => {
    const { child, base } = await startGateway(3981);
    const res = await fetch(`${base}/v1/webapi/ping`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ automatic_upgrades: false, proxy: { assist_enabled: false } });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
