/**
 * Reads the baseline's flood, `ssh -tt host command`, in a process of its own (started by readerProcess.ts), as a
 * terminal emulator reads ssh, so its shape is the gateway path's: sshd, ssh and this reader against the agent,
 * the gateway and floodReader.ts. Input: a JSON {args, bytes, command} as the only argument, args being ssh's up to
 * the host. Output: the flooding line, then one JSON line {mibPerSecond, cpuMs, sshCpuMs}: this process's and ssh's
 * CPU time (user + system) from the flood's first byte to its last.
 */
import { performance } from 'node:perf_hooks';
import { cpuMsOf } from './cpuTime';
import { floodingLine } from './readerProcess';
import { SshSession } from './sshSession';

const MiB = 1024 * 1024;

async function main() {
  const { args, bytes, command } = JSON.parse(process.argv[2]!) as { args: string[]; bytes: number; command: string };
  const ssh = new SshSession(['-tt', ...args], { command });
  await ssh.waitForBytes(1);
  const cpu = process.cpuUsage();
  const pid = ssh.child.pid!;
  const ssh0 = cpuMsOf(pid);
  console.log(floodingLine);
  // ssh may exit as soon as it has passed on the last byte, and its time goes with it once it is reaped: it is
  // sampled while the flood runs and again, before this process's loop can reap it, on the last byte.
  let ssh1 = ssh0;
  const sample = () => (ssh1 = Math.max(ssh1, cpuMsOf(pid)));
  const sampler = setInterval(sample, 100);
  await ssh.waitForBytes(bytes);
  sample();
  clearInterval(sampler);
  const seconds = (performance.now() - ssh.firstByteAt) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ mibPerSecond: ssh.received / MiB / seconds, cpuMs: (used.user + used.system) / 1000, sshCpuMs: ssh1 - ssh0 }));
  await ssh.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
