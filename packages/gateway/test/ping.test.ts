import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freePort } from './ports';

const cli = path.resolve(__dirname, '../dist/cli.js');
/** Every gateway started, so a failing test still stops them (a live child would keep jest from exiting). */
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

/** Starts the built command line for real, collecting what it prints, and waits until it answers. */
async function startGateway(port: number, dataDir: string) {
  const child = spawn(process.execPath, [cli, 'start', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], { stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  // Generous: a loaded CI machine can take many seconds to start a Node process.
  for (let i = 0; i < 300; i++) {
    // The invite is printed with this line, in one write (the server's own log says 'listening' earlier).
    if (stdout.includes('Portcullis is listening on')) return { child, base, output: () => stdout };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`gateway did not start:\n${stdout}`);
}

const stop = async (child: ChildProcess) => {
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  child.kill('SIGTERM');
  return exited;
};

describe('portcullis start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the admin invite URL on first start only, answers /ping and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startGateway(port, dataDir);
    const invite = /https?:\/\/\S+\/web\/invite\/(\S+)/.exec(first.output());
    expect(invite?.[0]).toBe(`http://localhost:${port}/web/invite/${invite?.[1]}`);
    expect(invite?.[1]).toMatch(/^[0-9a-f]{32}$/);
    const token = await fetch(`${first.base}/v1/webapi/users/password/token/${invite![1]}`);
    expect(await token.json()).toMatchObject({ user: 'admin', tokenId: invite![1] });
    const res = await fetch(`${first.base}/v1/webapi/ping`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ automatic_upgrades: false, proxy: { assist_enabled: false } });
    expect(await stop(first.child)).toBe(0);

    const second = await startGateway(port, dataDir);
    expect(second.output()).not.toMatch(/\/web\/invite\//);
    expect(await stop(second.child)).toBe(0);
  });
});
