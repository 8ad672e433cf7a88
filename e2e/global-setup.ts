import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Starts the built gateway on a fresh data directory for the whole end-to-end run. */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3990);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-'));
  const gateway: ChildProcess = spawn(
    process.execPath,
    ['packages/gateway/dist/cli.js', 'start', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/webapi/ping`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return async () => {
    gateway.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
