import { appProblem } from './tunnel/apps';

/** An application the agent serves: its name, where it is reached from this host, and how it is announced. */
export interface AgentApp {
  name: string;
  uri: string;
  /** The public address it is served under; the gateway's default (NAME.<its host>) when absent. */
  publicAddr?: string;
  description?: string;
}

/**
 * Reads `--app NAME=URL` (repeatable) and `--app-public-addr NAME=ADDR` (repeatable), or the short form
 * `--app-public-addr ADDR`, which applies to the one app when only one is given. Throws naming the bad flag.
 */
export function parseApps(apps: string[], publicAddrs: string[] = []): AgentApp[] {
  const parsed: AgentApp[] = apps.map((flag) => {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new Error(`invalid --app "${flag}": expected NAME=URL, e.g. grafana=http://localhost:3000`);
    return { name: flag.slice(0, eq).trim(), uri: flag.slice(eq + 1).trim() };
  });
  for (const flag of publicAddrs) {
    const eq = flag.indexOf('=');
    // An address never holds '=', so a flag without one is the short form.
    if (eq < 0) {
      if (parsed.length !== 1) throw new Error(`--app-public-addr ${flag} names no app: with ${parsed.length === 0 ? 'no' : 'several'} --app flags, write NAME=ADDR`);
      parsed[0]!.publicAddr = flag;
      continue;
    }
    const name = flag.slice(0, eq).trim();
    const app = parsed.find((a) => a.name === name);
    if (!app) throw new Error(`--app-public-addr ${flag}: no --app is named ${name}`);
    app.publicAddr = flag.slice(eq + 1).trim();
  }
  const seen = new Set<string>();
  for (const app of parsed) {
    const problem = appProblem(app.name, app);
    if (problem) throw new Error(`invalid --app ${app.name}: ${problem}`);
    if (seen.has(app.name)) throw new Error(`--app ${app.name} is given twice`);
    seen.add(app.name);
  }
  return parsed;
}

/** commander's collector for a repeatable option. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];
