import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewRecording } from '../../src/resources/recordings/writer';
import { SerializeAddon, Terminal } from '../../src/resources/recordings/headlessTerminal';

let counter = 0;

export function newRecording(overrides: Partial<NewRecording> = {}): NewRecording {
  counter += 1;
  return {
    sid: `sid-${process.pid}-${counter}`,
    cols: 80,
    rows: 24,
    login: 'root',
    serverId: 'node-1',
    serverHostname: 'node-1.example',
    clusterName: 'localhost',
    user: 'alice',
    interactive: true,
    ...overrides,
  };
}

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-rec-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A manual clock for writers: tests move time explicitly. */
export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** What a terminal of the given size shows after `writes`, serialized the same way keyframes are. */
export async function screenAfter(cols: number, rows: number, writes: (string | Uint8Array | { cols: number; rows: number })[]): Promise<string> {
  const term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
  const serializer = new SerializeAddon();
  term.loadAddon(serializer);
  for (const w of writes) {
    if (typeof w === 'string' || w instanceof Uint8Array) await new Promise<void>((r) => term.write(w, r));
    else term.resize(w.cols, w.rows);
  }
  const screen = serializer.serialize({ scrollback: 0 });
  term.dispose();
  return screen;
}
