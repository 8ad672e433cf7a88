/**
 * Load benchmark (`npm run bench load`). Figures, each beside a baseline measured in the same run:
 *  1. 1,000 concurrent shells through one gateway (two agent processes), each streaming the same known payload
 *     (1 MiB of base64, so the PTY passes it unchanged), every copy checked against the payload's SHA-256:
 *     sessions intact, bytes lost, aggregate throughput, and memory per session of the gateway (and of the
 *     agents), against the same payload from `ssh -tt` sessions to a private sshd at a smaller N, and sshd's
 *     memory per session;
 *  2. 5,000 idle sessions held (each a real login shell, dash), every one answering after the hold, with the
 *     gateway's and agents' memory per idle session against sshd's per idle `ssh -tt` session.
 * The terminals are opened by client processes (loadClient.ts), as browsers would, so their work does not share the
 * gateway's event loop. Memory is PSS (shared pages split among the processes that map them) from /proc, growth
 * over the same process before the sessions opened. Shells are not counted on either side.
 * As root, the bench raises its own open-file limit, kernel.pty.max if too low for 5,000 PTYs, and creates a
 * throwaway login with dash as its shell; all three are undone at the end.
 * Each figure is measured in a process of its own, with a gateway and agents of its own (see runPhases).
 * LOAD_BENCH_ACTIVE and LOAD_BENCH_IDLE set the two session counts (for a quick try at a smaller scale).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OpenSshClient } from '../src/resources/connectors/openssh/client';
import { UserCertificateAuthority } from '../src/resources/connectors/openssh/ca';
import { startGateway, type Client, type TestGateway } from '../test/harness';
import { createJoinToken, eventually } from '../test/servers/fixtures';
import { startPrivateSshd, type PrivateSshd } from '../test/servers/sshd';
import { createThrowawayLogin, ensurePtyRoom, raiseFileLimit } from './benchHost';
import type { LoadAnswer, LoadClientInput, LoadCommand } from './loadClient';
import { SshSession } from './sshSession';
import { descendantsOf, fmtKiB, fmtMiB, memoryOf, MiB, openFiles, processTable, settle, sumMemory, threadsOf, type ProcMemory } from './processes';

const activeSessions = Number(process.env.LOAD_BENCH_ACTIVE ?? 1000);
const idleSessions = Number(process.env.LOAD_BENCH_IDLE ?? 5000);
/** The ssh baselines run at a tenth of the gateway's counts: one ssh client process per session. */
const sshActiveSessions = Math.max(10, Math.round(activeSessions / 10));
const sshIdleSessions = Math.max(10, Math.round(idleSessions / 25));
const agentCount = 2;
const idleHoldMs = 30_000;
const sessionLogin = 'pcbench';
const payloadBytes = 1 * MiB;
const stepTimeoutMs = 600_000;
/** Sessions opened and closed before the baselines (see setUp), spread over the agents. */
const warmUpSessions = 20 * agentCount;
/** A measurement collects garbage again, up to settleRounds times, while the agents' PSS shrank by settledBytes or more. */
const settleRounds = 5;
const settledBytes = 256 * 1024;

/** A full garbage collection, through V8's flag (the bench runs without --expose-gc). */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** The login a terminal consumer uses, for a client signed in through the harness. */
const loginOf = (gw: TestGateway, client: Client) => ({ url: gw.url, token: client.session!.token, cookie: client.cookieHeader() });

/** Samples `read` every 250 ms until stopped; answers the largest sample. */
function peakOf(read: () => number): () => number {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

/** The client processes holding `count` sessions between them, `perClient` each. */
class LoadClients {
  private readonly clients: { child: ChildProcess; answers: AsyncIterator<string> }[] = [];

  constructor(input: Omit<LoadClientInput, 'count'>, count: number, perClient: number) {
    for (let first = 0; first < count; first += perClient) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/gateway/bench/loadClient.ts', JSON.stringify({ ...input, count: Math.min(perClient, count - first) })], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      this.clients.push({ child, answers: createInterface({ input: child.stdout! })[Symbol.asyncIterator]() });
    }
  }

  /** Sends `command` to every client and adds up their answers. */
  async run(command: LoadCommand): Promise<Required<Omit<LoadAnswer, 'command'>>> {
    const answers = await Promise.all(
      this.clients.map(async ({ child, answers }) => {
        child.stdin!.write(`${command}\n`);
        const line = await answers.next();
        if (line.done) throw new Error(`a load client exited during ${command}`);
        return JSON.parse(line.value) as LoadAnswer;
      }),
    );
    return {
      ok: answers.reduce((n, a) => n + a.ok, 0),
      failures: answers.flatMap((a) => a.failures),
      intactBytes: answers.reduce((n, a) => n + (a.intactBytes ?? 0), 0),
      lostBytes: answers.reduce((n, a) => n + (a.lostBytes ?? 0), 0),
    };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.clients.map(({ child }) => {
        // Exited already, by itself or by a signal (a signalled child's exitCode stays null).
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin!.end();
        child.kill('SIGTERM');
        return exited;
      }),
    );
  }
}

/** The private sshd's own process: the one started with its config file. */
function sshdListener(sshd: PrivateSshd): number {
  const configArg = path.join(sshd.dir, 'sshd_config');
  const found = processTable().find((p) => p.comm === 'sshd' && readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes(configArg));
  if (!found) throw new Error('the private sshd process was not found');
  return found.pid;
}

/** The memory of sshd's per-connection processes (not the listener, not the shells they run). */
const sshdSessionMemory = (listener: number): ProcMemory =>
  sumMemory(
    descendantsOf(listener)
      .filter((p) => p.comm === 'sshd')
      .map((p) => p.pid),
  );

/** A full collection in an agent (see agentGc.ts); resolves once it is done. */
const collectAgentGarbage = (agent: ChildProcess) =>
  new Promise<void>((resolve) => {
    const answered = (message: unknown) => {
      if (message !== 'collected') return;
      agent.off('message', answered);
      resolve();
    };
    agent.on('message', answered);
    agent.send('collect garbage');
  });

/** The agents' own memory (not the shells they run). */
const agentsMemory = (agents: ChildProcess[]): ProcMemory => sumMemory(agents.map((a) => a.pid!));

// The shell then waits rather than exits, as the gateway's does: ssh may report its exit before the last output is read.
const payloadCommand = (file: string) => `stty -echo; printf READY; read go; printf S-%s-S $((6*7)); cat ${file}; printf E-%s-E $((6*7)); read done`;

/**
 * Starts `n` ssh sessions a turn of the event loop apart: each start forks this process, which holds the gateway,
 * and a hundred forks in one turn kept it from its agents' tunnels long enough for their keep-alive to cut them.
 */
async function startSsh(n: number, start: () => SshSession): Promise<SshSession[]> {
  const sessions: SshSession[] = [];
  for (let i = 0; i < n; i += 1) {
    const session = start();
    // An ssh that exits early (refused, out of PTYs) is reported by waitFor with what it said, not by a write's EPIPE.
    session.child.stdin!.on('error', () => undefined);
    sessions.push(session);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sessions;
}

/** How long the gateway's event loop (this process's) was held up, at most, step by step. */
function loopStalls() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  /** The longest hold-up of the step under way before a measurement interrupted it. */
  let carried = 0;
  return {
    /** The longest hold-up since the last call, in ms. */
    take(): number {
      const ms = Math.max(carried, delay.max / 1e6);
      carried = 0;
      delay.reset();
      return ms;
    },
    /**
     * Runs `measurement` with its own pauses left out: its full collections hold this process's loop too, and
     * they are the bench's, not the gateway's.
     */
    async apart<T>(measurement: () => Promise<T>): Promise<T> {
      carried = Math.max(carried, delay.max / 1e6);
      const result = await measurement();
      delay.reset();
      return result;
    },
  };
}

/**
 * Opens `count` sessions through client processes of `perClient` each, timing it and how long the gateway's event
 * loop was held up meanwhile; `stalled` goes on measuring the phase's later steps.
 */
async function openSessions(clientInput: Omit<LoadClientInput, 'count'>, count: number, perClient: number) {
  const stalled = loopStalls();
  const clients = new LoadClients(clientInput, count, perClient);
  cleanups.push(() => clients.stop());
  const started = performance.now();
  const open = await clients.run('open');
  const seconds = (performance.now() - started) / 1000;
  const stalls: Record<string, number> = { opening: stalled.take() };
  reportFailures('opening', open.failures);
  return { clients, open, seconds, stalls, stalled };
}

const fmtStalls = (stalls: Record<string, number>) => Object.entries(stalls).map(([step, ms]) => `${step} ${ms.toFixed(0)} ms`).join(', ');

interface Payload {
  path: string;
  bytes: number;
  sha256: string;
}

async function sshActive(args: string[], payload: Payload, n: number) {
  const sessions = await startSsh(n, () => new SshSession(args, { command: payloadCommand(payload.path), keep: true }));
  try {
    await Promise.all(sessions.map((s) => s.waitFor('READY')));
    return await measureStream(async () => {
      for (const s of sessions) s.write('\n');
      await Promise.all(sessions.map((s) => s.waitFor('E-42-E')));
      const intact = sessions.filter((s) => createHash('sha256').update(s.between('S-42-S', 'E-42-E')).digest('hex') === payload.sha256).length;
      return { ok: intact, intactBytes: intact * payload.bytes, lostBytes: (n - intact) * payload.bytes };
    });
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}

async function measureStream<T extends { intactBytes: number }>(run: () => Promise<T>): Promise<T & { seconds: number; mibPerSecond: number }> {
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  return { ...result, seconds, mibPerSecond: result.intactBytes / MiB / seconds };
}

const perSession = (after: ProcMemory, before: ProcMemory, n: number) => ({ rss: (after.rss - before.rss) / n, pss: (after.pss - before.pss) / n });
const fmtPerSession = (m: ProcMemory) => `${fmtKiB(m.pss)} PSS (${fmtKiB(m.rss)} RSS)`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

function reportFailures(what: string, failures: { index: number; error: string }[]) {
  if (!failures.length) return;
  const counts = new Map<string, number>();
  for (const f of failures) counts.set(f.error.replace(/\d+/g, 'N'), (counts.get(f.error.replace(/\d+/g, 'N')) ?? 0) + 1);
  console.log(`   ${what}: ${failures.length} failed: ${[...counts].map(([e, c]) => `${c}× ${e}`).join('; ')}`);
  console.log(`   first: ${failures[0]!.error}`);
}

/** What main() changed or started, undone in reverse order when it ends or the bench is stopped. */
const cleanups: (() => void | Promise<void>)[] = [];

let cleaning: Promise<void> | undefined;

/** Runs the cleanups once; a second caller (a signal during main's own cleanup) waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error(`cleanup: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}

/** What a phase runs on: a gateway with its agents, a private sshd for the baseline, and the login the sessions use. */
async function setUp(phase: Phase) {
  const files = raiseFileLimit(200_000);
  console.log(`   open-file limit ${files}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-load-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(ensurePtyRoom((phase === 'active' ? activeSessions + sshActiveSessions : idleSessions + sshIdleSessions) + 1024));
  cleanups.push(createThrowawayLogin(sessionLogin));
  // base64 of random bytes: printable, no newline (the PTY passes it unchanged) and no '-' (the markers' character).
  const payloadFile = path.join(dir, 'payload');
  const content = Buffer.from(randomBytes((payloadBytes / 4) * 3).toString('base64'));
  writeFileSync(payloadFile, content, { mode: 0o644 });
  const payload: Payload = { path: payloadFile, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  chmodSync(dir, 0o755);

  const gw = await startGateway();
  cleanups.push(() => gw.close());
  await gw.createRole(`
kind: role
metadata: { name: load-bench }
spec:
  allow:
    logins: [${sessionLogin}]
    node_labels: { bench: load }
    rules:
      - { resources: [node], verbs: [list, read] }
      - { resources: [token], verbs: [create] }
      - { resources: [session_tracker], verbs: [list] }
`);
  const admin = await gw.signIn({ roles: ['load-bench'] });
  const liveSessions = async () => (await admin.get<{ sessions: unknown[] }>('/v1/webapi/sites/localhost/sessions')).body.sessions.length;
  const token = await createJoinToken(admin);
  const agents = Array.from({ length: agentCount }, (_, i) =>
    spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', './packages/gateway/bench/agentGc.ts', 'packages/gateway/src/cli.ts', 'agent', '--gateway', gw.url, '--token', token, '--labels', 'bench=load', '--hostname', `load-agent-${i + 1}`, '--data-dir', mkdtempSync(path.join(dir, 'agent-'))], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  cleanups.push(() => {
    for (const a of agents) a.kill('SIGTERM');
  });
  const nodes = await eventually(async () => {
    const res = await admin.get<{ items: { id: string }[] }>('/v1/webapi/sites/localhost/nodes?search=load-agent');
    return res.body.items.length === agentCount ? res.body.items.map((n) => n.id) : undefined;
  }, 'the agents’ nodes', 60_000);

  const ca = UserCertificateAuthority.loadOrCreate(gw.server.gw.config.dataDir);
  const sshd = await startPrivateSshd(ca.publicKeyLine, ['MaxStartups 2000']);
  cleanups.push(() => sshd.stop());
  const listener = sshdListener(sshd);
  // Prepared when the baseline starts: its certificate is short-lived, and opening thousands of sessions first takes minutes.
  const sshArgs = () => {
    const prepared = new OpenSshClient(ca, gw.server.gw.config.dataDir).prepare({ host: '127.0.0.1', port: sshd.port }, sessionLogin, 'load-bench', { tty: true });
    cleanups.push(prepared.cleanup);
    return prepared.args;
  };

  const clientInput = { login: loginOf(gw, admin), nodes, sessionLogin, concurrency: 12, payload, timeoutMs: stepTimeoutMs };
  const filesOf = () => ({ gateway: openFiles(process.pid), agents: agents.reduce((n, a) => n + openFiles(a.pid!), 0) });
  // Measured after full collections in every process, so the figures are what the sessions hold, not garbage awaiting
  // one; repeated while the agents' memory still shrinks, as V8 gives freed pages back over several collections.
  const measure = async () => {
    let agentsNow = agentsMemory(agents);
    for (let round = 0; round < settleRounds; round += 1) {
      const previous = agentsNow;
      collectGarbage();
      await Promise.all(agents.map(collectAgentGarbage));
      await new Promise((resolve) => setTimeout(resolve, 200));
      agentsNow = agentsMemory(agents);
      if (previous.pss - agentsNow.pss < settledBytes) break;
    }
    const { heapUsed, heapTotal, external } = process.memoryUsage();
    return { gateway: memoryOf(process.pid), heap: { heapUsed, heapTotal, external }, threads: threadsOf(process.pid), agents: agentsNow, files: filesOf() };
  };
  // Sessions opened and closed on every agent before any baseline: the first ones load an agent's PTY module and
  // compile its session code, and memory its start left behind (tsx compiling the sources) is given back over the
  // collections that follow. Measured from agents fresh from their start, that giving back outweighed what the
  // sessions hold and made the agents' memory per session negative.
  const warmUp = new LoadClients({ ...clientInput, concurrency: warmUpSessions }, warmUpSessions, warmUpSessions);
  const warm = await warmUp.run('open');
  reportFailures('warming up', warm.failures);
  await warmUp.run('close');
  await warmUp.stop();
  await eventually(async () => (await liveSessions()) === 0, 'the warm-up sessions to end', 60_000);
  return { admin, agents, clientInput, listener, liveSessions, measure, payload, sshArgs };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** 1: concurrent shells streaming a known payload, beside ssh -tt streaming it. */
async function activePhase({ agents, clientInput, listener, liveSessions, measure, payload, sshArgs }: Setup) {
  console.log(`1. ${activeSessions} concurrent shells through the gateway (${agentCount} agents), each streaming a ${fmtMiB(payload.bytes)} payload, checksum-verified`);
  // The gateway first: the baseline's buffers in this process would otherwise leave heap the sessions then reuse.
  const before = await measure();
  const { clients: active, open, seconds: openSeconds, stalls, stalled } = await openSessions(clientInput, activeSessions, 250);
  const atOpen = await stalled.apart(measure);
  const gatewayPeak = peakOf(() => memoryOf(process.pid).pss);
  const agentsPeak = peakOf(() => agentsMemory(agents).pss);
  const streamed = await measureStream(() => active.run('stream'));
  const peak = { gateway: gatewayPeak(), agents: agentsPeak() };
  stalls.streaming = stalled.take();
  reportFailures('streaming', streamed.failures);
  const closed = await active.run('close');
  reportFailures('closing', closed.failures);
  await active.stop();
  await eventually(async () => (await liveSessions()) === 0, 'every session to end', 120_000).catch(() => undefined);
  await settle();
  const afterClose = await stalled.apart(measure);
  stalls.closing = stalled.take();
  // The keyframe thread stops once no screen has been open for a while, and its memory goes with it.
  await eventually(async () => threadsOf(process.pid) <= before.threads || undefined, 'the keyframe thread to stop', 60_000).catch(() => undefined);
  const threadStopped = await stalled.apart(measure);

  const sshdIdle = sshdSessionMemory(listener);
  const sshPeak = peakOf(() => sshdSessionMemory(listener).pss);
  const viaSsh = await sshActive(sshArgs(), payload, sshActiveSessions);
  const sshdPerSession = (sshPeak() - sshdIdle.pss) / sshActiveSessions;
  stalls['ssh baseline'] = stalled.take();

  console.log(`   through the gateway: ${open.ok}/${activeSessions} opened in ${openSeconds.toFixed(1)} s; ${streamed.ok}/${open.ok} intact, ${streamed.lostBytes} bytes lost, ${streamed.mibPerSecond.toFixed(1)} MiB/s in all (${streamed.seconds.toFixed(1)} s)`);
  console.log(`   ssh -tt (baseline), ${sshActiveSessions} at once: ${viaSsh.ok}/${sshActiveSessions} intact, ${viaSsh.lostBytes} bytes lost, ${viaSsh.mibPerSecond.toFixed(1)} MiB/s in all (${viaSsh.seconds.toFixed(1)} s)`);
  console.log(`   aggregate throughput: ${ratio(streamed.mibPerSecond, viaSsh.mibPerSecond)} ssh's`);
  console.log(`   the gateway's event loop held up at most: ${fmtStalls(stalls)}`);
  const openPer = { gateway: perSession(atOpen.gateway, before.gateway, open.ok), agents: perSession(atOpen.agents, before.agents, open.ok) };
  console.log(`   memory per open session before streaming: gateway ${fmtPerSession(openPer.gateway)}, agents ${fmtPerSession(openPer.agents)}`);
  const streamPer = { gateway: (peak.gateway - before.gateway.pss) / open.ok, agents: (peak.agents - before.agents.pss) / open.ok };
  console.log(`   at the streaming peak, per session: gateway ${fmtKiB(streamPer.gateway)} PSS, agents ${fmtKiB(streamPer.agents)} PSS; sshd (baseline) ${fmtKiB(sshdPerSession)} PSS`);
  console.log(`   gateway and agents together: ${ratio(streamPer.gateway + streamPer.agents, sshdPerSession)} sshd's per streaming session`);
  console.log(`   after all ${closed.ok} closed: gateway ${fmtMiB(afterClose.gateway.pss)} PSS (${fmtMiB(before.gateway.pss)} before), ${afterClose.files.gateway} open files (${before.files.gateway} before), ${await liveSessions()} sessions still listed`);
  // Whether what stays is held by live objects (a leak) or is memory the process keeps after freeing it.
  const { heap } = afterClose;
  console.log(
    `   of which JavaScript heap in use ${fmtMiB(heap.heapUsed)} of ${fmtMiB(heap.heapTotal)} reserved (${fmtMiB(before.heap.heapUsed)} of ${fmtMiB(before.heap.heapTotal)} before), buffers outside it ${fmtMiB(heap.external)} (${fmtMiB(before.heap.external)} before)`,
  );
  console.log(`   once the keyframe thread stopped: gateway ${fmtMiB(threadStopped.gateway.pss)} PSS, ${threadStopped.files.gateway} open files`);
}

/** 2: idle sessions held, beside idle ssh -tt sessions. */
async function idlePhase({ clientInput, listener, liveSessions, measure, sshArgs }: Setup) {
  console.log(`2. ${idleSessions} idle sessions held ${idleHoldMs / 1000} s, each a dash login shell`);
  const idleBefore = await measure();
  const { clients: idle, open: idleOpen, seconds: idleOpenSeconds, stalls, stalled } = await openSessions(clientInput, idleSessions, 1000);
  console.log(`   ${idleOpen.ok}/${idleSessions} opened in ${idleOpenSeconds.toFixed(1)} s (${(idleOpen.ok / idleOpenSeconds).toFixed(0)} per second); ${await liveSessions()} listed by the gateway`);
  await new Promise((resolve) => setTimeout(resolve, idleHoldMs));
  const held = await stalled.apart(measure);
  stalls.holding = stalled.take();
  const alive = await idle.run('alive');
  reportFailures('answering after the hold', alive.failures);
  console.log(`   after the hold: ${alive.ok}/${idleOpen.ok} answered`);
  const idleClosed = await idle.run('close');
  reportFailures('closing', idleClosed.failures);
  await idle.stop();
  // The recordings finish closing (their last keyframes) before the gateway and its data go.
  await settle();
  stalls['answering and closing'] = stalled.take();

  const sshdBefore = sshdSessionMemory(listener);
  const args = sshArgs();
  const sshIdle = await startSsh(sshIdleSessions, () => new SshSession(args));
  cleanups.push(() => Promise.all(sshIdle.map((s) => s.close())).then(() => undefined));
  for (const [i, s] of sshIdle.entries()) s.write(`echo ready-${i}-$((6*7))\n`);
  await Promise.all(sshIdle.map((s, i) => s.waitFor(`ready-${i}-42`)));
  const sshdIdlePer = perSession(sshdSessionMemory(listener), sshdBefore, sshIdleSessions);
  await Promise.all(sshIdle.map((s) => s.close()));
  stalls['ssh baseline'] = stalled.take();

  const idlePer = { gateway: perSession(held.gateway, idleBefore.gateway, idleOpen.ok), agents: perSession(held.agents, idleBefore.agents, idleOpen.ok) };
  console.log(`   memory per idle session: gateway ${fmtPerSession(idlePer.gateway)}, agents ${fmtPerSession(idlePer.agents)}; sshd (baseline, ${sshIdleSessions} idle ssh -tt) ${fmtPerSession(sshdIdlePer)}`);
  console.log(`   gateway ${ratio(idlePer.gateway.pss, sshdIdlePer.pss)} sshd's; gateway and agents together ${ratio(idlePer.gateway.pss + idlePer.agents.pss, sshdIdlePer.pss)} sshd's per idle session`);
  const filesPer = (k: 'gateway' | 'agents') => ((held.files[k] - idleBefore.files[k]) / idleOpen.ok).toFixed(1);
  console.log(`   the gateway's event loop held up at most: ${fmtStalls(stalls)}`);
  console.log(`   open files per idle session: gateway ${filesPer('gateway')}, agents ${filesPer('agents')} (the gateway held ${held.files.gateway} in all)`);
}

const phases = ['active', 'idle'] as const;
type Phase = (typeof phases)[number];

async function runPhase(phase: Phase) {
  // A stopped phase still removes its account, restores kernel.pty.max and stops its agents.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  try {
    const setup = await setUp(phase);
    await (phase === 'active' ? activePhase(setup) : idlePhase(setup));
  } finally {
    await cleanUp();
  }
}

/**
 * Runs each phase in a process of its own, with a gateway and agents of its own: memory a phase freed stays with
 * its processes (the allocator keeps it for reuse), so idle sessions measured after the streaming phase in the
 * same processes came out as negative memory. A signal is passed on to the phase running, which cleans up.
 */
async function runPhases(): Promise<number> {
  let failed = 0;
  for (const phase of phases) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/gateway/bench/load.bench.ts', phase], { stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    const [code] = (await once(child, 'exit')) as [number | null];
    process.off('SIGINT', forward).off('SIGTERM', forward);
    if (code !== 0) failed += 1;
  }
  return failed;
}

const phase = process.argv[2];
if (phase === undefined) {
  void runPhases().then((failed) => process.exit(failed ? 1 : 0));
} else if (phases.includes(phase as Phase)) {
  runPhase(phase as Phase).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  console.error(`unknown phase ${phase}: expected one of ${phases.join(', ')}`);
  process.exit(1);
}
