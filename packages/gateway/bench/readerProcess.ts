/**
 * A flood reader (floodReader.ts through the gateway, sshFloodReader.ts through ssh) in a process of its own, as
 * a browser or a terminal emulator is. The reader prints `flooding` when the flood's first byte arrives and, once
 * it has all of it, one JSON line of figures; the bench samples the other processes' CPU time at both moments.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { machineCpuMs } from './cpuTime';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** The figures every reader reports: its rate from the first byte to the last, and its CPU time (user + system) meanwhile. */
export interface ReaderResult {
  mibPerSecond: number;
  cpuMs: number;
}

/** The line a reader prints when the flood's first byte arrives. */
export const floodingLine = 'flooding';

/**
 * Runs `script` (a file in this folder) with `input` as its only argument; calls `onFlooding` when it says the
 * flood began and `onFigures` as soon as its figures arrive (before it tears its session down), and answers them
 * with the whole machine's CPU time meanwhile (see machineCpuMs).
 */
export async function runReader<T extends ReaderResult>(script: string, input: unknown, onFlooding: () => void, onFigures: () => void): Promise<T & { machineMs: { busy: number; idle: number } }> {
  // Node with tsx's loader rather than the tsx launcher, so no fourth process sits between the reader and the bench;
  // a bench run with `tsx --cpu-prof` profiles its readers too.
  const child = spawn(process.execPath, [...process.execArgv.filter((f) => f.startsWith('--cpu-prof')), '--import', 'tsx', path.join(benchDir, script), JSON.stringify(input)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let figures: T | undefined;
  const lines = createInterface({ input: child.stdout });
  let machine0 = machineCpuMs();
  let machine1 = machine0;
  lines.on('line', (line) => {
    if (line === floodingLine) {
      machine0 = machineCpuMs();
      return onFlooding();
    }
    machine1 = machineCpuMs();
    onFigures();
    figures = JSON.parse(line) as T;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !figures) throw new Error(`${script} exited with ${code} without its figures`);
  return { ...figures, machineMs: { busy: machine1.busy - machine0.busy, idle: machine1.idle - machine0.idle } };
}
