/**
 * Reads a flood of shell output through the gateway's terminal websocket in a process of its own, as a browser
 * would (sshFloodReader.ts reads the baseline's the same way), started by readerProcess.ts. Input: a JSON {login,
 * params, bytes, command} as the only argument. Output: the flooding line, then one JSON line {mibPerSecond,
 * cpuMs, sid}, cpuMs being this process's CPU time (user + system) from the flood's first byte to its last.
 */
import { performance } from 'node:perf_hooks';
import type { TerminalParams } from '@portcullis/shared';
import { floodingLine } from './readerProcess';
import { Consumer, type TerminalLogin } from './terminalConsumer';

const MiB = 1024 * 1024;

async function main() {
  const { login, params, bytes, command } = JSON.parse(process.argv[2]!) as { login: TerminalLogin; params: TerminalParams; bytes: number; command: string };
  const c = await Consumer.open(login, params);
  // No echo of the command and no prompt after it, so the first output is the flood's, as with `ssh host command`:
  // both rates then run from the command's first byte.
  c.type("stty -echo; PS1=''\r");
  await c.ready();
  c.type(`${command}\r`);
  const start = c.received;
  while (c.received === start) await c.next();
  const first = performance.now();
  const cpu = process.cpuUsage();
  console.log(floodingLine);
  while (c.received - start < bytes) await c.next();
  const seconds = (performance.now() - first) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ mibPerSecond: (c.received - start) / MiB / seconds, cpuMs: (used.user + used.system) / 1000, sid: c.sessionId }));
  c.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
