/**
 * A stand-in for the agent process, run with tsx by rdp.test.ts: opens one RDP desktop through the bridge, prints
 * the pids of the processes the bridge started (its own children named Xvnc and xfreerdp), then waits to be killed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rdpOpener } from '../../src/agent/desktops/rdp';

const [host, port, user, password, store] = process.argv.slice(2) as [string, string, string, string, string];

const children = () =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // tsx's esbuild service is a child too.
        return (
          Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid &&
          /\((Xvnc|xfreerdp)\)/.test(stat)
        );
      } catch {
        return false;
      }
    })
    .map(Number);

void rdpOpener({ certificateStore: store })({
  host,
  port: Number(port),
  user,
  password,
  width: 800,
  height: 600,
}).then(() => {
  process.stdout.write(`${JSON.stringify(children())}\n`);
  setInterval(() => undefined, 60_000);
});
