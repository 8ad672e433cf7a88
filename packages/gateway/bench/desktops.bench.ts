/**
 * Desktop benchmark (`npm run bench desktops`). Real TigerVNC servers (Xvnc) with an xterm each, viewed by the
 * same RFB viewer straight on the Xvnc's port and through the gateway (a real agent process's tunnel, the
 * gateway's connect socket, its message inspection and the session's recording), side by side:
 *  1. frames per second: framebuffer updates a viewer gets when it asks for the next as soon as one arrives,
 *     while the xterm scrolls without pause (alternating rounds: this machine's speed drifts);
 *  2. input-to-pixel latency: a key typed into an idle xterm until the update that shows it, p50 and p99
 *     (Xvnc defers its updates by a few milliseconds, which both paths pay).
 * The viewer is the tests' RFB client asking for Raw updates, the same on both paths, so the difference is
 * what the gateway and tunnel add.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startGateway, type Client, type TestGateway } from '../test/harness';
import { joinToken } from '../test/apps/fixtures';
import { eventually } from '../test/servers/fixtures';
import { desktopDevRole } from '../test/desktops/fixtures';
import { RfbTestClient } from '../test/desktops/rfbClient';
import { startXvnc, type RunningXvnc } from '../test/desktops/xvnc';
import { desktopRepo } from '../src/resources/desktops/repo';
import { fmtMs as ms, percentile as pct } from './stats';

const rounds = 3;
const roundSeconds = 4;
const latencySamples = 200;
const login = 'alice-win';
const keysymX = 0x78;

type Viewer = () => Promise<RfbTestClient>;

/** A viewer past the opening, asking for 32-bit Raw pixels, with the whole screen drawn once. */
async function ready(open: Viewer): Promise<RfbTestClient> {
  const rfb = await open();
  const { width, height } = await rfb.handshake();
  rfb.setPixelFormat32();
  rfb.setEncodings([0]);
  rfb.updateRequest(false, 0, 0, width, height);
  await rfb.nextUpdate();
  return rfb;
}

/** Updates per second over `seconds`, each asked for as soon as the last arrived. */
async function framesPerSecond(open: Viewer, seconds: number): Promise<number> {
  const rfb = await ready(open);
  let frames = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    rfb.updateRequest(true);
    await rfb.nextUpdate();
    frames++;
  }
  rfb.close();
  return frames / seconds;
}

/** Milliseconds from a key press to the update that draws it: an x typed into the xterm, again and again. */
async function keyLatencies(open: Viewer, samples: number): Promise<number[]> {
  const rfb = await ready(open);
  // With no window manager, X sends keys to the window under the pointer: the xterm's.
  rfb.pointer(100, 100);
  rfb.updateRequest(false);
  await rfb.nextUpdate();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    rfb.updateRequest(true);
    const start = performance.now();
    rfb.key(keysymX, true);
    rfb.key(keysymX, false);
    await rfb.nextUpdate();
    out.push(performance.now() - start);
  }
  rfb.close();
  return out;
}

async function main(): Promise<void> {
  const busy = await startXvnc({ xterm: true, xtermCommand: 'while :; do echo "$RANDOM $RANDOM $RANDOM $RANDOM"; done' });
  const idle = await startXvnc({ xterm: true });
  const gw: TestGateway = await startGateway();
  const children: ChildProcess[] = [];
  try {
    await gw.createRole(desktopDevRole);
    await gw.createRole('kind: role\nmetadata: { name: bench-tokens }\nspec:\n  allow:\n    rules: [{ resources: [token], verbs: [create, read, list] }]\n');
    const admin = await gw.signIn({ roles: ['bench-tokens'] });
    const user: Client = await gw.signIn({ roles: ['desktop-dev'] });
    const agentArgs = ['--gateway', gw.url, '--token', await joinToken(admin), '--labels', 'env=dev', '--hostname', 'bench-desktops', '--data-dir', mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-agent-'))];
    const desktops = [`busy=vnc://127.0.0.1:${busy.port}`, `idle=vnc://127.0.0.1:${idle.port}`].flatMap((d) => ['--desktop', d]);
    children.push(spawn('node_modules/.bin/tsx', ['packages/gateway/src/cli.ts', 'agent', ...agentArgs, ...desktops], { stdio: ['ignore', 'ignore', 'inherit'] }));
    const repo = desktopRepo(gw.server.store);
    await eventually(async () => (await repo.byName('idle', Date.now())).length > 0 || undefined, 'the agent to announce the desktops', 60_000);

    const direct = (x: RunningXvnc): Viewer => () => RfbTestClient.direct(x.port);
    const through = (name: string): Viewer => () => RfbTestClient.open(gw, user, name, { username: login });

    const fps = { direct: [] as number[], proxied: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      fps.direct.push(await framesPerSecond(direct(busy), roundSeconds));
      fps.proxied.push(await framesPerSecond(through('busy'), roundSeconds));
    }
    const directLatency = await keyLatencies(direct(idle), latencySamples);
    const proxiedLatency = await keyLatencies(through('idle'), latencySamples);

    const best = (xs: number[]) => Math.max(...xs);
    const fmt = (n: number) => n.toFixed(0).padStart(6);
    console.log(`frames per second (a scrolling xterm, ${rounds} alternating rounds of ${roundSeconds} s, best round each):`);
    console.log(`  direct to Xvnc     ${fmt(best(fps.direct))}   rounds ${fps.direct.map((f) => f.toFixed(0)).join(', ')}`);
    console.log(`  through gateway    ${fmt(best(fps.proxied))}   rounds ${fps.proxied.map((f) => f.toFixed(0)).join(', ')}`);
    console.log(`  ratio              ${((best(fps.proxied) / best(fps.direct)) * 100).toFixed(0)} % of direct`);
    console.log(`input-to-pixel latency (a key into an idle xterm, ${latencySamples} keys):`);
    for (const p of [50, 99]) {
      const d = pct(directLatency, p);
      const x = pct(proxiedLatency, p);
      console.log(`  p${p}: direct ${ms(d)}, through the gateway ${ms(x)}, added ${ms(x - d)}`);
    }
  } finally {
    children.forEach((c) => c.kill());
    await gw.close();
    await busy.stop();
    await idle.stop();
  }
}

void main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
