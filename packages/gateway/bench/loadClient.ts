/**
 * One of the load bench's client processes: holds a share of the terminal sessions, as that many browsers would
 * (a process of its own, so their work does not share the gateway's event loop), and carries out the bench's
 * commands, one JSON line each on stdin, each answered by one JSON line on stdout:
 *  - open: opens the sessions, `concurrency` at a time, and waits for each shell to answer;
 *  - stream: types the payload command into every session at once and checks what comes back between the
 *    markers against the payload's length and SHA-256;
 *  - alive: asks every open shell for an answer again;
 *  - close: exits every shell and waits for the gateway to close its socket.
 * Input: a JSON LoadClientInput as the only argument.
 */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { TerminalParams } from '@portcullis/shared';
import { Consumer, type TerminalLogin } from './terminalConsumer';

export interface LoadClientInput {
  login: TerminalLogin;
  /** Session i opens on nodes[i % nodes.length], as sessionLogin. */
  nodes: string[];
  sessionLogin: string;
  count: number;
  concurrency: number;
  payload: { path: string; bytes: number; sha256: string };
  /** How long one command may take for every session before the sessions still at it are reported. */
  timeoutMs: number;
}

export type LoadCommand = 'open' | 'stream' | 'alive' | 'close';

/** A session that did not do what was asked: its index in the input and why. */
export interface SessionFailure {
  index: number;
  error: string;
}

export interface LoadAnswer {
  command: LoadCommand;
  ok: number;
  failures: SessionFailure[];
  /** stream: payload bytes received intact, and bytes missing or wrong, over all of this client's sessions. */
  intactBytes?: number;
  lostBytes?: number;
}

// Neither marker appears in the typed command (the shell computes the 42) nor in a base64 payload (no '-').
const startMarker = Buffer.from('S-42-S');
const endMarker = Buffer.from('E-42-E');
/** A session whose output stops this long before its end marker is reported as stalled. */
const stallMs = 60_000;
const streamCommand = (file: string) => `stty -echo; printf S-%s-S $((6*7)); cat ${file}; printf E-%s-E $((6*7))\r`;

/** Rejects when the gateway closes the session's socket, with what it said last: waiting on the shell is then pointless. */
function closing(c: Consumer): Promise<never> {
  let said = '';
  c.socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) said = data.toString();
  });
  return new Promise((_, reject) => c.socket.once('close', (code, reason) => reject(new Error(`socket closed (${code} ${reason.toString()}): ${said}`))));
}

/** Runs `task` on every item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `work` for every open session; one that has not finished after timeoutMs fails with `stalled`. */
async function forEachSession(consumers: (Consumer | undefined)[], timeoutMs: number, stalled: (i: number) => string, work: (c: Consumer, i: number) => Promise<void>): Promise<{ ok: number; failures: SessionFailure[] }> {
  const failures: SessionFailure[] = [];
  const settled = new Set<number>();
  let ok = 0;
  let timer: NodeJS.Timeout | undefined;
  const all = Promise.all(
    consumers.map(async (c, i) => {
      if (!c) return;
      try {
        await work(c, i);
        ok += 1;
      } catch (err) {
        failures.push({ index: i, error: (err as Error).message });
      }
      settled.add(i);
    }),
  );
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  consumers.forEach((c, i) => {
    if (c && !settled.has(i)) failures.push({ index: i, error: stalled(i) });
  });
  return { ok, failures: [...failures] };
}

async function main() {
  const input = JSON.parse(process.argv[2]!) as LoadClientInput;
  const sessions: TerminalParams[] = Array.from({ length: input.count }, (_, i) => ({ server_id: input.nodes[i % input.nodes.length]!, login: input.sessionLogin, term: { w: 80, h: 24 } }));
  const consumers: (Consumer | undefined)[] = [];
  /** Rejects when the gateway closes session i's socket (see closing()). */
  const closings = new Map<number, Promise<never>>();
  const received = new Map<number, Buffer[]>();

  const commands: Record<LoadCommand, () => Promise<LoadAnswer>> = {
    open: async () => {
      const failures: SessionFailure[] = [];
      await eachLimited(sessions, input.concurrency, async (params, i) => {
        try {
          const c = await Consumer.open(input.login, params);
          const closed = closing(c);
          // Only the race reads it: a close after the shell answered is the close command's business.
          closed.catch(() => undefined);
          await Promise.race([c.ready(input.timeoutMs), closed]);
          consumers[i] = c;
          closings.set(i, closed);
        } catch (err) {
          failures.push({ index: i, error: (err as Error).message });
        }
      });
      return { command: 'open', ok: consumers.filter(Boolean).length, failures };
    },
    stream: async () => {
      let intactBytes = 0;
      const result = await forEachSession(
        consumers,
        input.timeoutMs,
        (i) => `stalled after ${(received.get(i) ?? []).reduce((n, b) => n + b.length, 0)} bytes`,
        async (c, i) => {
          const chunks: Buffer[] = [];
          received.set(i, chunks);
          c.socket.on('message', (data: Buffer, isBinary: boolean) => {
            if (isBinary) chunks.push(data);
          });
          c.type(streamCommand(input.payload.path));
          while (!c.text.includes(endMarker.toString())) {
            let timer: NodeJS.Timeout | undefined;
            const stalled = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), stallMs)));
            if (await Promise.race([c.next(), stalled, closings.get(i)])) throw new Error(`stalled: no output for ${stallMs / 1000} s after ${chunks.reduce((n, b) => n + b.length, 0)} bytes`);
            clearTimeout(timer);
          }
          const all = Buffer.concat(chunks);
          const start = all.indexOf(startMarker);
          const end = all.indexOf(endMarker, start + startMarker.length);
          const payload = start < 0 || end < 0 ? Buffer.alloc(0) : all.subarray(start + startMarker.length, end);
          received.delete(i);
          if (createHash('sha256').update(payload).digest('hex') !== input.payload.sha256) {
            throw new Error(`${payload.length} bytes between the markers do not match the ${input.payload.bytes}-byte payload`);
          }
          intactBytes += payload.length;
        },
      );
      const lostBytes = consumers.filter(Boolean).length * input.payload.bytes - intactBytes;
      return { command: 'stream', ...result, intactBytes, lostBytes };
    },
    alive: async () => ({ command: 'alive', ...(await forEachSession(consumers, input.timeoutMs, () => 'no answer', (c) => c.ready(input.timeoutMs))) }),
    close: async () => {
      const result = await forEachSession(consumers, input.timeoutMs, () => 'the socket stayed open', async (c) => {
        // A session that already ended (its shell or tunnel gone) has nothing left to close.
        if (c.socket.readyState === c.socket.CLOSED) return;
        const closed = new Promise((resolve) => c.socket.once('close', resolve));
        c.type('exit\r');
        await closed;
      });
      consumers.length = 0;
      closings.clear();
      return { command: 'close', ...result };
    },
  };

  for await (const line of createInterface({ input: process.stdin })) {
    const answer = await commands[line.trim() as LoadCommand]();
    console.log(JSON.stringify(answer));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
