import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliArgs, repoRoot } from '../cli';
import { testPasswordHashing } from '../harness';
import { freePort } from '../ports';

export interface GatewayProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, as when a host dies. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `portcullis start` as its own process (so it can be killed with -9), on the shared database and data directory
 * (SQLite in the data directory without `db`). Resolves once it listens.
 */
export async function startGatewayProcess(opts: { name: string; db?: string; dataDir: string; configDir: string; heartbeat?: string }): Promise<GatewayProcess> {
  const port = await freePort();
  const config = path.join(opts.configDir, `${opts.name}.yaml`);
  writeFileSync(
    config,
    JSON.stringify({
      listen: `127.0.0.1:${port}`,
      dataDir: opts.dataDir,
      db: opts.db,
      logLevel: 'error',
      kubernetes: { listen: '127.0.0.1:0' },
      databases: { listen: '127.0.0.1:0' },
      auth: { passwordHashing: testPasswordHashing },
      peers: { heartbeat: opts.heartbeat },
    }),
  );
  const child = spawn(process.execPath, [...cliArgs, 'start', '--config', config], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('Portcullis is listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    child.once('exit', (code) => reject(new Error(`gateway ${opts.name} exited with ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
