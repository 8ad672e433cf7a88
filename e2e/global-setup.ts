import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAssistModel } from './fixtures/assistModel';
import { startE2eAws } from './fixtures/aws';
import { e2ePort, type GatewayInfo, type GatewayName, gatewaysFile } from './fixtures/gateways';

/** The line a gateway prints at first start; quotes excluded so a JSON log line works too. */
const invitePattern = /https?:\/\/[^\s"']+(\/web\/invite\/[^\s"']+)/;

interface Started {
  info: GatewayInfo;
  stop: () => void;
}

/**
 * Starts one built gateway on a fresh data directory and waits for its printed admin invite.
 * `enrollSelf` also runs the gateway's own agent, so this machine is a node (the servers tests use it).
 */
async function startGateway(
  port: number,
  auth?: GatewayInfo['auth'],
  enrollSelf = false,
  sections: Record<string, Record<string, string>> = {},
): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-'));
  const args = [
    'packages/gateway/dist/cli.js',
    'start',
    '--listen',
    `127.0.0.1:${port}`,
    '--data-dir',
    dataDir,
    // Several gateways run at once: each Kubernetes and database listener takes a free port (the clients ask
    // the gateway which).
    '--kube-listen',
    '127.0.0.1:0',
    '--db-listen',
    '127.0.0.1:0',
  ];
  if (enrollSelf) args.push('--enroll-self');
  if (auth || Object.keys(sections).length) {
    const configFile = path.join(dataDir, 'gateway.yaml');
    const section = (name: string, values: Record<string, string>) =>
      `${name}:\n${Object.entries(values)
        .map(([k, v]) => `  ${k}: "${v}"`)
        .join('\n')}\n`;
    writeFileSync(
      configFile,
      `publicUrl: "http://localhost:${port}"\n${auth ? section('auth', auth) : ''}${Object.entries(sections)
        .map(([name, values]) => section(name, values))
        .join('')}`,
    );
    args.push('--config', configFile);
  }
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const invitePath = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`gateway on :${port} printed no admin invite:\n${output}`)),
      30_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = invitePattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`gateway on :${port} exited with ${code}:\n${output}`)));
  }).catch((err: unknown) => {
    stop();
    throw err;
  });
  // Keep draining stdout so the gateway never blocks on a full pipe.
  child.stdout!.resume();
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/webapi/ping`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { info: { url: `http://localhost:${port}`, invitePath, dataDir, ...(auth ? { auth } : {}) }, stop };
}

/**
 * Starts the gateways of the end-to-end run and writes where they are, with their admin invites, to
 * build/e2e-gateways.json. Besides the main gateway, two run with short timers so the session tests
 * finish in seconds (one whose session renews every tick, one that logs idle users out), and one
 * requires a second factor of every user.
 */
export default async function globalSetup() {
  const port = e2ePort;
  const plan: [GatewayName, number, GatewayInfo['auth']?][] = [
    ['main', port],
    // Renewal starts under 180 s left, so a 200 s session renews at the first 15 s check.
    ['shortTtl', port + 1, { sessionTtl: '200s' }],
    // Idle longer than 45 s - 30 s = 15 s logs out at the next 30 s check.
    ['idle', port + 2, { inactivityTimeout: '45s' }],
    // Every user needs a second factor; this machine is its node too, for per-session MFA and headless ssh.
    ['mfa', port + 3, { secondFactor: 'on' }],
    ['assist', port + 4],
  ];
  // AWS OIDC integrations on the main gateway call the stand-in AWS, which trusts the main gateway as an issuer;
  // the assist gateway's assistant calls the stand-in model.
  const aws = await startE2eAws(`http://localhost:${port}`);
  const model = await startAssistModel();
  const sections: Partial<Record<GatewayName, Record<string, Record<string, string>>>> = {
    main: { integrations: { awsStsUrl: aws.stsUrl, awsRdsUrl: aws.rdsUrl } },
    assist: { assist: { endpoint: model.url, model: 'stand-in' } },
  };
  const settled = await Promise.allSettled(
    plan.map(([name, p, auth]) =>
      startGateway(
        p,
        auth,
        name === 'main' || name === 'mfa',
        sections[name],
      ),
    ),
  );
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) {
    for (const s of started) s.stop();
    await Promise.all([aws.close(), model.close()]);
    throw failure.reason;
  }
  mkdirSync(path.dirname(gatewaysFile), { recursive: true });
  writeFileSync(
    gatewaysFile,
    JSON.stringify(Object.fromEntries(plan.map(([name], i) => [name, started[i]!.info])), null, 2),
  );
  return async () => {
    for (const s of started) s.stop();
    await Promise.all([aws.close(), model.close()]);
  };
}
