/**
 * CPU time processes and threads have used (user + system), in ms, from /proc: unlike a throughput figure it
 * hardly moves when other work shares the machine, so it compares runs made minutes apart. A task that has
 * gone counts as nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { descendantsOf, readStat } from './processes';

// utime and stime are counted in clock ticks, which Linux reports to user space at 100 a second on every architecture.
const msOf = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * 10;

export function cpuMsOf(pid: number): number {
  const fields = readStat(`/proc/${pid}/stat`)?.fields;
  return fields ? msOf(fields) : 0;
}

/** The node process a `tsx` launcher (whose pid the caller holds) runs the script in. */
export function scriptPidOf(launcher: number): number | undefined {
  return descendantsOf(launcher).find((p) => p.comm === 'node')?.pid;
}

/**
 * A process's CPU time split between its threads: the main thread (the event loop, whose thread id is the
 * process id), threads running at the lowest priority (the gateway's keyframe thread lowers its own), and the
 * rest (libuv's pool, V8's collector helpers).
 */
export function threadCpuMs(pid = process.pid): { main: number; lowPriority: number; other: number } {
  const out = { main: 0, lowPriority: 0, other: 0 };
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    const fields = readStat(`/proc/${pid}/task/${tid}/stat`)?.fields;
    if (!fields) continue;
    const ms = msOf(fields);
    if (Number(tid) === pid) out.main += ms;
    else if (Number(fields[16]) === 19) out.lowPriority += ms;
    else out.other += ms;
  }
  return out;
}

/**
 * The whole machine's CPU time since boot, in ms: busy (user, nice, system, interrupts, steal) and idle (idle,
 * waiting on I/O). It also counts what no process of a path is charged with: the kernel's workers moving a PTY's
 * output to its reader, and processes gone by the end (a flood's own `head` and `tr`).
 */
export function machineCpuMs(): { busy: number; idle: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  return { busy: (user! + nice! + system! + irq! + softirq! + steal!) * 10, idle: (idle! + iowait!) * 10 };
}
