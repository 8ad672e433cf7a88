import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const labelName = /^[A-Za-z0-9_./-]{1,63}$/;

/** Parses `k=v,k2=v2` (the --labels flag). Throws naming the bad pair. */
export function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    const name = eq > 0 ? pair.slice(0, eq) : '';
    if (!labelName.test(name)) throw new Error(`invalid label "${pair}": expected name=value`);
    labels[name] = pair.slice(eq + 1);
  }
  return labels;
}

/** Runs each command label's command and takes its trimmed stdout; a failing command yields "error". */
export async function computeCommandLabels(commands: Record<string, string>): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(commands).map(async ([name, command]) => {
      try {
        const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
        return [name, stdout.trim().slice(0, 256)] as const;
      } catch {
        return [name, 'error'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
