/**
 * Console terminal flood benchmark (`npm run bench terminalFlood`). The console's TerminalEngine drives a real
 * xterm parser (@xterm/headless, the same parser as the browser's xterm) fed by a simulated gateway that keeps
 * at most terminalWindowBytes unacknowledged, as the real one does. The engine credits output as it arrives
 * while it holds at most another window of it unparsed, so the tab holds at most two windows. Figures, each beside a baseline measured in
 * the same run — writing the same flood straight into xterm as it arrives, with no batching and no window:
 *  1. flood throughput (MiB/s parsed);
 *  2. the most output held in the tab, received but not yet parsed (aim: at most two windows);
 *  3. Ctrl-C to prompt: from the interrupt, halfway through the flood, until everything sent before it is parsed
 *     (the prompt shows once that backlog is through).
 */
import { performance } from 'node:perf_hooks';
import xtermHeadless from '@xterm/headless';
import { decodeFrame, terminalWindowBytes } from '@portcullis/shared';
import { type TerminalSocket, type TerminalSurface, TerminalEngine } from '../src/terminal/TerminalEngine';

const { Terminal } = xtermHeadless;
const MiB = 1024 * 1024;
// Under xterm's own 50 MB discard mark: beyond it, unbounded writes (the baseline) throw and lose output.
const floodBytes = 32 * MiB;
const frameBytes = 16 * 1024;
// `yes`-like output: short lines, the worst case for the parser's line handling.
const frame = new TextEncoder().encode('y\r\n'.repeat(Math.floor(frameBytes / 3)));

type Listener = (event: { data: unknown }) => void;

/** The gateway's side of the socket: sends while under its window, stops at an interrupt like a shell would. */
class WindowedGateway implements TerminalSocket {
  binaryType: BinaryType = 'blob';
  readyState = 1;
  sent = 0;
  /** Bytes xterm has parsed, counted by the test's terminal. */
  parsed = 0;
  heldMax = 0;
  outstanding = 0;
  interruptedAt = 0;
  interruptAfter = Infinity;
  private listeners: Listener[] = [];

  addEventListener(type: string, listener: Listener) {
    if (type === 'message') this.listeners.push(listener);
  }
  close() {}
  send(data: string | Uint8Array) {
    if (typeof data !== 'string') {
      this.interruptedAt = performance.now();
      return;
    }
    const decoded = decodeFrame(data);
    if (decoded.kind === 'control' && decoded.message.type === 'ack') {
      this.outstanding -= decoded.message.bytes;
      setImmediate(() => this.pump());
    }
  }
  pump() {
    while (
      this.outstanding + frame.byteLength <= terminalWindowBytes &&
      this.sent < floodBytes &&
      !this.interruptedAt
    ) {
      this.sent += frame.byteLength;
      this.outstanding += frame.byteLength;
      for (const l of this.listeners) l({ data: frame.slice().buffer });
      this.heldMax = Math.max(this.heldMax, this.sent - this.parsed);
      if (this.sent >= this.interruptAfter) this.onInterruptPoint();
    }
  }
  onInterruptPoint: () => void = () => {};
}

const newTerminal = () => new Terminal({ cols: 120, rows: 40, scrollback: 1000, allowProposedApi: true });
/** Resolves once xterm has parsed everything written to it so far. */
const parsed = (terminal: InstanceType<typeof Terminal>) =>
  new Promise<void>((resolve) => terminal.write('', resolve));

/** Resolves once the gateway has stopped sending and xterm has parsed all it was sent. */
async function drained(
  gateway: WindowedGateway,
  terminal: InstanceType<typeof Terminal>,
  stopped: () => boolean,
) {
  while (!stopped()) await new Promise((r) => setTimeout(r, 2));
  // Output still gathered in the engine reaches xterm within its pacing of a stream's writes (50 ms).
  await new Promise((r) => setTimeout(r, 60));
  await parsed(terminal);
}

async function throughEngine(interruptAt?: number) {
  const terminal = newTerminal();
  const gateway = new WindowedGateway();
  // The engine's view of xterm, counting what xterm has parsed.
  const counted: TerminalSurface = {
    get cols() {
      return terminal.cols;
    },
    get rows() {
      return terminal.rows;
    },
    write: (data, done) =>
      terminal.write(data, () => {
        gateway.parsed += data.length;
        done?.();
      }),
    onData: (listener) => terminal.onData(listener),
    onResize: (listener) => terminal.onResize(listener),
  };
  const engine = new TerminalEngine({ terminal: counted, socket: gateway });
  const start = performance.now();
  if (interruptAt !== undefined) {
    gateway.interruptAfter = interruptAt;
    gateway.onInterruptPoint = () => {
      gateway.onInterruptPoint = () => {};
      engine.sendInput('\x03');
    };
  }
  gateway.pump();
  await drained(gateway, terminal, () => gateway.sent >= floodBytes || gateway.interruptedAt > 0);
  const end = performance.now();
  engine.dispose();
  terminal.dispose();
  return {
    mibPerSecond: gateway.sent / MiB / ((end - start) / 1000),
    heldMax: gateway.heldMax,
    ctrlC: gateway.interruptedAt ? end - gateway.interruptedAt : NaN,
  };
}

/** Baseline: frames written straight into xterm as they arrive; nothing bounds what waits to be parsed. */
async function throughXtermDirectly(interruptAt = floodBytes) {
  const terminal = newTerminal();
  const start = performance.now();
  let sent = 0;
  while (sent < interruptAt) {
    terminal.write(frame.slice());
    sent += frame.byteLength;
  }
  const interruptedAt = performance.now();
  await parsed(terminal);
  const end = performance.now();
  terminal.dispose();
  return { mibPerSecond: sent / MiB / ((end - start) / 1000), heldMax: sent, ctrlC: end - interruptedAt };
}

const fmt = (n: number, unit: string) => `${n.toFixed(1)} ${unit}`;

const engine = await throughEngine();
const direct = await throughXtermDirectly();
console.log(`flood of ${floodBytes / MiB} MiB (\`yes\`-like lines) through a real xterm parser`);
console.log(
  `  throughput      engine ${fmt(engine.mibPerSecond, 'MiB/s')}   direct ${fmt(direct.mibPerSecond, 'MiB/s')}   ratio ${(engine.mibPerSecond / direct.mibPerSecond).toFixed(2)}`,
);
console.log(
  `  held in the tab engine ${fmt(engine.heldMax / MiB, 'MiB')}   direct ${fmt(direct.heldMax / MiB, 'MiB')}`,
);

const half = floodBytes / 2;
const engineCtrlC = await throughEngine(half);
const directCtrlC = await throughXtermDirectly(half);
console.log(
  `  Ctrl-C at ${half / MiB} MiB → prompt   engine ${fmt(engineCtrlC.ctrlC, 'ms')}   direct ${fmt(directCtrlC.ctrlC, 'ms')}`,
);
if (engine.heldMax > 2 * terminalWindowBytes) {
  console.error(`the tab held ${engine.heldMax} bytes, more than two ${terminalWindowBytes}-byte windows`);
  process.exit(1);
}
