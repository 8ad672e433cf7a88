/**
 * Reads a flood of shell output through the gateway's terminal websocket in a process of its own, as a browser
 * would (and as `ssh` does in the baseline), so the reader's work does not share the gateway's event loop.
 * Input: a JSON {login, params, bytes, command} as the only argument. Output: one JSON line {mibPerSecond, sid,
 * cpuMs}, cpuMs being this process's CPU time (user + system) over the flood.
 */
import { performance } from 'node:perf_hooks';
import type { TerminalParams } from '@portcullis/shared';
import { Consumer, type TerminalLogin } from './terminalConsumer';

const MiB = 1024 * 1024;

async function main() {
  const { login, params, bytes, command } = JSON.parse(process.argv[2]!) as { login: TerminalLogin; params: TerminalParams; bytes: number; command: string };
  const c = await Consumer.open(login, params);
  await c.ready();
  c.type(`stty -echo; ${command}; echo; echo flood-done\r`);
  const start = c.received;
  let first = 0;
  let cpu = process.cpuUsage();
  while (c.received - start < bytes) {
    await c.next();
    if (first) continue;
    first = performance.now();
    cpu = process.cpuUsage();
  }
  const seconds = (performance.now() - first) / 1000;
  const used = process.cpuUsage(cpu);
  c.close();
  console.log(JSON.stringify({ mibPerSecond: (c.received - start) / MiB / seconds, sid: c.sessionId, cpuMs: (used.user + used.system) / 1000 }));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
