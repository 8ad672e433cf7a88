import { readdirSync, readFileSync } from 'node:fs';

export const MiB = 1024 * 1024;

/** A process's resident memory in bytes: RSS, and PSS (shared pages split among the processes mapping them). */
export interface ProcMemory {
  rss: number;
  pss: number;
}

const none: ProcMemory = { rss: 0, pss: 0 };

/** From /proc/PID/smaps_rollup; a process that has gone counts as nothing. */
export function memoryOf(pid: number | 'self'): ProcMemory {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    return none;
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kib('Rss'), pss: kib('Pss') };
}

export const sumMemory = (pids: number[]): ProcMemory =>
  pids.map(memoryOf).reduce((a, b) => ({ rss: a.rss + b.rss, pss: a.pss + b.pss }), none);

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** The command name as the kernel keeps it (at most 15 characters). */
  comm: string;
}

/** A /proc stat file's command name and the fields after it (the state first); undefined once the task has gone. */
export function readStat(file: string): { comm: string; fields: string[] } | undefined {
  let stat: string;
  try {
    stat = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses: the fields after it follow the last ')'.
  const close = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
}

/** Every process on the machine, read once. */
export function processTable(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    // A process that exited while the table was read is left out.
    if (stat) out.push({ pid: Number(entry), ppid: Number(stat.fields[1]), comm: stat.comm });
  }
  return out;
}

/** The processes below `root` (not `root` itself), from one process table. */
export function descendantsOf(root: number, table = processTable()): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of table) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p);
    else children.set(p.ppid, [p]);
  }
  const out: ProcInfo[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return out;
}

/** How many files (sockets, pipes, PTYs included) process `pid` has open. */
export const openFiles = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** How many threads a process runs (the gateway's keyframe worker is one while any screen is open). */
export const threadsOf = (pid: number): number => Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/**
 * Waits until this process is nearly idle (under 10% of a core for two half-second spells in a row), so work a
 * previous measurement left behind (a recording's keyframes, parsed on the gateway's worker thread) is done; at
 * most `maxMs`, after which the measurement goes ahead and says so.
 */
export async function settle(maxMs = 60_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  for (let quiet = 0; quiet < 2; ) {
    if (performance.now() > deadline) {
      console.log(`   (the gateway was still busy after ${maxMs / 1000} s of waiting for it to settle)`);
      return;
    }
    const before = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 500));
    const used = process.cpuUsage(before);
    quiet = (used.user + used.system) / 1000 < 50 ? quiet + 1 : 0;
  }
}

export const fmtMiB = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
export const fmtKiB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
