/**
 * Servers benchmark (`npm run bench servers`). Figures, each beside a baseline measured in the same run:
 *  1. throughput of 100 MiB of shell output through the gateway's terminal websocket (agent node) to a
 *     headless consumer that acknowledges as it reads, against `ssh -tt` to a private sshd on loopback, and
 *     beside them the ceiling of any Node path of that shape: a process that only reads the PTY with node-pty
 *     and writes a TCP socket, one plain relay, and a reader of raw bytes; in alternating rounds (this
 *     machine's speed drifts by a third between minutes, so only runs side by side compare), after one round
 *     of each that is not counted (the daemons' first flood compiles its path); each round starts once the
 *     previous one's recording is finished, keyframes included, and each process's CPU time per MiB is shown
 *     beside it, with the whole machine's busy and idle time per MiB: the floods keep this machine's cores
 *     mostly busy on every path, so a path's rate follows the machine's busy time per MiB it costs;
 *  2. keystroke echo round trip through the gateway against the same PTY echo measured locally, so the
 *     difference is what the gateway and tunnel add (aim p50 ≤ 2 ms, p99 ≤ 10 ms);
 *  3. session open time (socket open → first shell output) on the agent node and the OpenSSH node;
 *  4. node list first page, keyword search and a predicate query at 50,000 nodes, plus Ctrl-C during a flood.
 * The gateway runs in a process of its own (benchGateway.ts), and each flood's reader in another (readerProcess.ts),
 * so both paths have the same shape, three processes: the agent, the gateway and the reader against sshd, ssh and
 * the reader, with this process idle meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { spawn as spawnPty } from 'node-pty';
import { OpenSshClient } from '../src/resources/connectors/openssh/client';
import { UserCertificateAuthority } from '../src/resources/connectors/openssh/ca';
import { nodeRepo, type NodeWrite } from '../src/resources/nodes/repo';
import { RecordingStore } from '../src/resources/recordings/store';
import type { Client } from '../test/harness';
import { createJoinToken, eventually, operatorRole } from '../test/servers/fixtures';
import { startPrivateSshd } from '../test/servers/sshd';
import { startBenchGateway, type BenchGateway } from './benchGateway';
import { relayChain } from './relay';
import { cpuMsOf, scriptPidOf, threadCpuMs } from './cpuTime';
import { descendantsOf } from './processes';
import { runReader, type ReaderResult } from './readerProcess';
import { fmtMs as ms, percentile as pct } from './stats';
import { Consumer, type TerminalLogin } from './terminalConsumer';

const MiB = 1024 * 1024;
const floodBytes = 100 * MiB;
// 100 MiB of one byte with no newline, so the PTY passes it through unchanged on both paths.
const floodCommand = `head -c ${floodBytes} /dev/zero | tr '\\0' a`;
/** BENCH_ROUNDS sets the throughput rounds; BENCH_FIGURES=1 stops after that figure (for a quick try). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const onlyThroughput = process.env.BENCH_FIGURES === '1';

/** The login a terminal consumer uses, for a signed-in client. */
const loginOf = (gw: BenchGateway, client: Client): TerminalLogin => ({ url: gw.url, token: client.session!.token, cookie: client.cookieHeader() });

/** CPU ms per MiB each process spent on one round's flood (see cpuTime.ts), by name. */
type CpuPerMiB = Record<string, number>;

/** CPU time spent on a flood, per MiB of it. */
const perMiB = (ms: number) => ms / (floodBytes / MiB);

interface Round {
  mibPerSecond: number;
  cpu: CpuPerMiB;
}

/**
 * A flood read by floodReader.ts, as a browser would. Answers once the session's recording is complete, so no
 * keyframing of it overlaps the next measurement; the gateway's CPU after the flood, until then, is the keyframe
 * thread catching up.
 */
async function throughputThroughGateway(gw: BenchGateway, admin: Client, node: string, agentPid: number): Promise<Round> {
  const input = { login: loginOf(gw, admin), params: { server_id: node, login: 'root', term: { w: 200, h: 50 } }, bytes: floodBytes, command: floodCommand };
  let gateway0 = threadCpuMs(gw.pid);
  let gateway1 = gateway0;
  let agent0 = 0;
  let agent1 = 0;
  const { mibPerSecond, cpuMs, sid, machineMs } = await runReader<ReaderResult & { sid: string }>(
    'floodReader.ts',
    input,
    () => {
      gateway0 = threadCpuMs(gw.pid);
      agent0 = cpuMsOf(agentPid);
    },
    () => {
      gateway1 = threadCpuMs(gw.pid);
      agent1 = cpuMsOf(agentPid);
    },
  );
  const recordings = new RecordingStore(gw.dataDir);
  await eventually(async () => {
    const reader = await recordings.open(sid);
    const complete = (await reader?.summary())?.complete;
    await reader?.close();
    return complete;
  }, 'the flood session recording to be complete', 120_000);
  const gateway2 = threadCpuMs(gw.pid);
  const cpu: CpuPerMiB = {
    'gateway loop': perMiB(gateway1.main - gateway0.main),
    'gateway keyframes': perMiB(gateway1.lowPriority - gateway0.lowPriority),
    'gateway keyframes after': perMiB(gateway2.lowPriority - gateway1.lowPriority),
    'gateway other threads': perMiB(gateway1.other - gateway0.other),
    agent: perMiB(agent1 - agent0),
    reader: perMiB(cpuMs),
    ...machineFigures(machineMs),
  };
  return { mibPerSecond, cpu };
}

/** The whole machine's busy and idle CPU per MiB of a flood (see machineCpuMs): what the rates follow. */
const machineFigures = (ms: { busy: number; idle: number }): CpuPerMiB => ({ 'machine busy': perMiB(ms.busy), 'machine idle': perMiB(ms.idle) });

/** The sshd processes this bench started (the listener and each connection's). */
const sshdPids = () => descendantsOf(process.pid).flatMap((p) => (p.comm.startsWith('sshd') ? [p.pid] : []));

/** The same flood through `ssh -tt`, read by sshFloodReader.ts. */
async function throughputSshBaseline(sshArgs: string[]): Promise<Round> {
  // The connection's sshd processes may exit as soon as the last byte is sent, and their time with them: each
  // one's is sampled while the flood runs and its last sample counts. A previous connection's may still be
  // exiting, so what a process had used before this one's output began is left out.
  const before = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const pid of before.keys()) last.set(pid, Math.max(last.get(pid)!, cpuMsOf(pid)));
  };
  let sampler: NodeJS.Timeout | undefined;
  const { mibPerSecond, cpuMs, sshCpuMs, machineMs } = await runReader<ReaderResult & { sshCpuMs: number }>(
    'sshFloodReader.ts',
    { args: sshArgs, bytes: floodBytes, command: floodCommand },
    () => {
      for (const pid of sshdPids()) before.set(pid, cpuMsOf(pid));
      for (const [pid, ms] of before) last.set(pid, ms);
      sampler = setInterval(sample, 100);
    },
    () => {
      clearInterval(sampler);
      sample();
    },
  );
  const sshd = [...last].reduce((sum, [pid, ms]) => sum + ms - before.get(pid)!, 0);
  return { mibPerSecond, cpu: { sshd: perMiB(sshd), ssh: perMiB(sshCpuMs), reader: perMiB(cpuMs), ...machineFigures(machineMs) } };
}

/** The ceiling path (see the header): ptyFloodSource.ts, then a plain relay, read by rawFloodReader.ts. */
interface CeilingPath {
  port: number;
  source: number;
  relay: number;
}

async function startCeilingPath(children: ChildProcess[]): Promise<CeilingPath> {
  const source = spawn('node_modules/.bin/tsx', [fileURLToPath(new URL('ptyFloodSource.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(source);
  const sourcePort = await new Promise<number>((resolve) => source.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  const port = await relayChain(sourcePort, 1, children);
  return { port, source: scriptPidOf(source.pid!)!, relay: scriptPidOf(children.at(-1)!.pid!)! };
}

async function throughputCeiling(ceiling: CeilingPath): Promise<Round> {
  let source0 = 0;
  let relay0 = 0;
  let source1 = 0;
  let relay1 = 0;
  const { mibPerSecond, cpuMs, machineMs } = await runReader<ReaderResult>(
    'rawFloodReader.ts',
    { port: ceiling.port, bytes: floodBytes, command: floodCommand },
    () => {
      source0 = cpuMsOf(ceiling.source);
      relay0 = cpuMsOf(ceiling.relay);
    },
    () => {
      source1 = cpuMsOf(ceiling.source);
      relay1 = cpuMsOf(ceiling.relay);
    },
  );
  return { mibPerSecond, cpu: { 'pty reader': perMiB(source1 - source0), relay: perMiB(relay1 - relay0), reader: perMiB(cpuMs), ...machineFigures(machineMs) } };
}

const fmtCpu = (cpu: CpuPerMiB) =>
  Object.entries(cpu)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');

/** The median rate over rounds, in MiB/s. */
const medianRate = (rounds: Round[]) => pct(rounds.map((r) => r.mibPerSecond), 50);

/** One rate as a percentage of another, for the report. */
const percentOf = (a: Round, b: Round) => `${((a.mibPerSecond / b.mibPerSecond) * 100).toFixed(0)}%`;

/** The per-process median over rounds of each CPU figure. */
const medianCpu = (rounds: Round[]): CpuPerMiB => Object.fromEntries(Object.keys(rounds[0]!.cpu).map((name) => [name, pct(rounds.map((r) => r.cpu[name]!), 50)]));

/** Echo of single keystrokes by the PTY's line discipline (cat is the foreground program). */
async function echoThroughGateway(gw: BenchGateway, admin: Client, node: string, n: number): Promise<number[]> {
  const c = await Consumer.open(loginOf(gw, admin), { server_id: node, login: 'root', term: { w: 80, h: 24 } });
  await c.ready();
  c.type('cat\r');
  await new Promise((r) => setTimeout(r, 300));
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const key = String.fromCharCode(97 + (i % 26));
    const before = c.received;
    const t0 = performance.now();
    c.type(key);
    while (!(c.received > before && c.text.endsWith(key))) await c.next();
    samples.push(performance.now() - t0);
  }
  c.type('\x03exit\r');
  c.close();
  return samples;
}

async function echoLocal(n: number): Promise<number[]> {
  const pty = spawnPty('cat', [], { name: 'xterm', cols: 80, rows: 24, encoding: null });
  const samples: number[] = [];
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < n; i += 1) {
    const key = String.fromCharCode(97 + (i % 26));
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const d = pty.onData((data: string | Buffer) => {
        if (!data.toString().endsWith(key)) return;
        d.dispose();
        resolve();
      });
      pty.write(key);
    });
    samples.push(performance.now() - t0);
  }
  pty.kill();
  return samples;
}

/**
 * Socket open → the session message (checks done, shell requested) and → first output. The first output
 * waits for the login's shell to start; `login` is one whose shell prints at once, so the figure is the
 * gateway's and agent's path rather than a profile script's run time.
 */
async function sessionOpenTimes(gw: BenchGateway, admin: Client, node: string, login: string, n: number): Promise<{ session: number[]; output: number[] }> {
  const session: number[] = [];
  const output: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const c = await Consumer.open(loginOf(gw, admin), { server_id: node, login, term: { w: 80, h: 24 } });
    await eventually(async () => c.firstOutput > 0, `the first output (session message after ${c.sessionMessage ? c.sessionMessage - c.opened : 'never'} ms)`, 30_000);
    session.push(c.sessionMessage - c.opened);
    output.push(c.firstOutput - c.opened);
    c.close();
  }
  return { session, output };
}

async function ctrlCDuringFlood(gw: BenchGateway, admin: Client, node: string): Promise<number> {
  const c = await Consumer.open(loginOf(gw, admin), { server_id: node, login: 'root', term: { w: 120, h: 40 } });
  await c.ready();
  c.type('yes flood-line\r');
  await eventually(async () => c.received > 20 * MiB, '20 MiB of flood', 60_000);
  const t0 = performance.now();
  c.type('\x03');
  c.type('echo ctrl-c-$((6*7))\r');
  await eventually(async () => /ctrl-c-42/.test(c.text), 'the prompt after Ctrl-C', 30_000);
  const elapsed = performance.now() - t0;
  c.close();
  return elapsed;
}

function fleet(count: number): NodeWrite[] {
  const envs = ['prod', 'staging', 'dev', 'test'];
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-${i}`,
    hostname: `host-${String(i).padStart(5, '0')}.example.internal`,
    addr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:22`,
    agentId: i % 3 === 0 ? 'bench-agent' : null,
    labels: { env: envs[i % 4]!, team: `team-${i % 50}`, region: i % 2 ? 'eu-west' : 'us-east' },
    expiresAt: null,
  }));
}

async function timeRequests(client: Client, url: string, n: number): Promise<{ samples: number[]; body: { totalCount: number; items: unknown[] } }> {
  const samples: number[] = [];
  let body = { totalCount: 0, items: [] as unknown[] };
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const res = await client.get<typeof body>(url);
    samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    body = res.body;
  }
  return { samples, body };
}

async function main() {
  const gw = await startBenchGateway();
  let agentProcess: ChildProcess | undefined;
  const ceilingProcesses: ChildProcess[] = [];
  const sshd = await startPrivateSshd(gw.userCaKey);
  try {
    await gw.createRole(operatorRole);
    await gw.createRole(`
kind: role
metadata: { name: bench-all }
spec:
  allow: { logins: [root], node_labels: { '*': '*' }, rules: [{ resources: [node], verbs: [list, read] }] }
`);
    const admin = await gw.signIn(['servers-operator', 'bench-all']);
    const token = await createJoinToken(admin);
    // The agent runs as its own process, as it would on a real host; `tsx --cpu-prof --cpu-prof-dir=DIR` running
    // this bench profiles it too.
    const profiling = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));
    agentProcess = spawn('node_modules/.bin/tsx', [...profiling, 'packages/gateway/src/cli.ts', 'agent', '--gateway', gw.url, '--token', token, '--labels', 'env=test', '--hostname', 'bench-agent', '--data-dir', mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'))], { stdio: ['ignore', 'ignore', 'inherit'] });
    const agentNode = await eventually(async () => {
      const res = await admin.get<{ items: { id: string; hostname: string }[] }>('/v1/webapi/sites/localhost/nodes?search=bench-agent');
      return res.body.items[0]?.id;
    }, 'the agent node', 30_000);
    const sshNode = (await admin.post<{ id: string }>('/v1/webapi/sites/localhost/nodes', { hostname: 'bench-openssh', addr: `127.0.0.1:${sshd.port}`, labels: { env: 'test' } })).body.id;
    // The ssh baseline signs in with a certificate from the gateway's user CA, as the gateway does to an OpenSSH node.
    const sshClient = new OpenSshClient(UserCertificateAuthority.loadOrCreate(gw.dataDir), gw.dataDir);

    console.log(`1. Throughput, 100 MiB of shell output, ${rounds} rounds of the gateway, ssh and the ceiling path (CPU in ms per MiB)`);
    const ceiling = await startCeilingPath(ceilingProcesses);
    const prepared = sshClient.prepare({ host: '127.0.0.1', port: sshd.port }, 'root', 'bench', { tty: false });
    const sshArgs = prepared.args.filter((a) => a !== '-T');
    const agentPid = scriptPidOf(agentProcess.pid!)!;
    // The gateway and the agent are daemons that run for months: their first flood also pays for V8 compiling
    // its path and, run from source, for the keyframe thread loading its TypeScript, which ssh's compiled code
    // never does. One round of each goes first, shown but not counted.
    const warmGateway = await throughputThroughGateway(gw, admin, agentNode, agentPid);
    const warmSsh = await throughputSshBaseline(sshArgs);
    const warmCeiling = await throughputCeiling(ceiling);
    console.log(`   warm-up (not counted): gateway ${warmGateway.mibPerSecond.toFixed(1)} MiB/s, ssh ${warmSsh.mibPerSecond.toFixed(1)} MiB/s, ceiling ${warmCeiling.mibPerSecond.toFixed(1)} MiB/s; CPU gateway path: ${fmtCpu(warmGateway.cpu)}`);
    const viaGateway: Round[] = [];
    const viaSsh: Round[] = [];
    const viaCeiling: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      const g = await throughputThroughGateway(gw, admin, agentNode, agentPid);
      const o = await throughputSshBaseline(sshArgs);
      const c = await throughputCeiling(ceiling);
      viaGateway.push(g);
      viaSsh.push(o);
      viaCeiling.push(c);
      console.log(`   round ${i + 1}: gateway ${g.mibPerSecond.toFixed(1)} MiB/s, ssh ${o.mibPerSecond.toFixed(1)} MiB/s, ceiling ${c.mibPerSecond.toFixed(1)} MiB/s; gateway ${percentOf(g, o)} of ssh, ceiling ${percentOf(c, o)} of ssh`);
      console.log(`      CPU gateway path: ${fmtCpu(g.cpu)}; ssh path: ${fmtCpu(o.cpu)}; ceiling path: ${fmtCpu(c.cpu)}`);
    }
    prepared.cleanup();
    const ratios = viaGateway.map((g, i) => g.mibPerSecond / viaSsh[i]!.mibPerSecond);
    console.log(`   gateway websocket (agent node): median ${medianRate(viaGateway).toFixed(1)} MiB/s; CPU ms/MiB ${fmtCpu(medianCpu(viaGateway))}`);
    console.log(`   ssh -tt on loopback (baseline): median ${medianRate(viaSsh).toFixed(1)} MiB/s; CPU ms/MiB ${fmtCpu(medianCpu(viaSsh))}`);
    console.log(`   ceiling path (node-pty, a plain relay, a raw reader): median ${medianRate(viaCeiling).toFixed(1)} MiB/s; CPU ms/MiB ${fmtCpu(medianCpu(viaCeiling))}`);
    console.log(`   ratio: median of the rounds ${(pct(ratios, 50) * 100).toFixed(0)}%, lowest ${(Math.min(...ratios) * 100).toFixed(0)}% (aim: median ≥ 95%, lowest ≥ 85%)`);
    const ceilingRatios = viaCeiling.map((c, i) => c.mibPerSecond / viaSsh[i]!.mibPerSecond);
    console.log(`   the ceiling path reaches ${(pct(ceilingRatios, 50) * 100).toFixed(0)}% of ssh -tt (median; lowest ${(Math.min(...ceilingRatios) * 100).toFixed(0)}%), the gateway ${((medianRate(viaGateway) / medianRate(viaCeiling)) * 100).toFixed(0)}% of the ceiling`);
    if (onlyThroughput) return;

    console.log('2. Keystroke echo, 500 keystrokes');
    const remote = await echoThroughGateway(gw, admin, agentNode, 500);
    const local = await echoLocal(500);
    console.log(`   through the gateway: p50 ${ms(pct(remote, 50))}, p99 ${ms(pct(remote, 99))}`);
    console.log(`   local PTY (baseline): p50 ${ms(pct(local, 50))}, p99 ${ms(pct(local, 99))}`);
    console.log(`   added by the gateway: p50 ${ms(pct(remote, 50) - pct(local, 50))} (aim ≤ 2 ms), p99 ${ms(pct(remote, 99) - pct(local, 99))} (aim ≤ 10 ms)`);

    console.log('3. Session open time, 20 sessions each, login "nobody" (its shell prints at once, so no profile script is timed)');
    for (const [name, node] of [['agent node', agentNode], ['OpenSSH node', sshNode]] as const) {
      const t = await sessionOpenTimes(gw, admin, node, 'nobody', 20);
      console.log(`   ${name}: socket open → session message p50 ${ms(pct(t.session, 50))}, p99 ${ms(pct(t.session, 99))}; → first shell output p50 ${ms(pct(t.output, 50))}, p99 ${ms(pct(t.output, 99))}`);
    }

    console.log('   Ctrl-C during a `yes` flood → prompt back:', ms(await ctrlCDuringFlood(gw, admin, agentNode)));

    console.log('4. Node list at 50,000 nodes, 30 requests each');
    // Seeded through the gateway's own database file, which it reads on every request.
    await nodeRepo(gw.store).insertMany(fleet(50_000), Date.now());
    const base = '/v1/webapi/sites/localhost/nodes';
    const cases: [string, string][] = [
      ['first page (limit 50)', `${base}?limit=50`],
      ['second page', ''],
      ['keyword search "host-4999"', `${base}?limit=50&search=host-4999`],
      ['search "team-7 eu-west"', `${base}?limit=50&search=team-7%20eu-west`],
      ['query labels.env == "prod" && labels.team == "team-8"', `${base}?limit=50&query=${encodeURIComponent('labels.env == "prod" && labels.team == "team-8"')}`],
      ['sort addr:desc', `${base}?limit=50&sort=addr:desc`],
    ];
    const first = await admin.get<{ startKey: string }>(`${base}?limit=50`);
    cases[1]![1] = `${base}?limit=50&startKey=${encodeURIComponent(first.body.startKey)}`;
    for (const [name, url] of cases) {
      const { samples, body } = await timeRequests(admin, url, 30);
      console.log(`   ${name}: p50 ${ms(pct(samples, 50))}, p99 ${ms(pct(samples, 99))} (totalCount ${body.totalCount}, ${body.items.length} items)`);
    }
    await gw.createRole(`
kind: role
metadata: { name: bench-prod }
spec:
  allow: { logins: [root], node_labels: { env: prod, region: 'us-*' }, rules: [{ resources: [node], verbs: [list] }] }
`);
    const limited = await gw.signIn(['bench-prod']);
    const { samples, body } = await timeRequests(limited, `${base}?limit=50`, 30);
    console.log(`   first page for a role limited to env=prod, region=us-*: p50 ${ms(pct(samples, 50))}, p99 ${ms(pct(samples, 99))} (totalCount ${body.totalCount})`);
  } finally {
    agentProcess?.kill('SIGTERM');
    for (const child of ceilingProcesses) child.kill('SIGTERM');
    await sshd.stop();
    await gw.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
