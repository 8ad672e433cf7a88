import { defaultOs, desktopOses, desktopProblem, desktopTarget, type DesktopOs } from './desktops/target';
import { withoutPassword } from './tunnel/databases';

/** A desktop the agent serves: its name, where it reaches it (with the password it holds, if any), and its OS. */
export interface AgentDesktop {
  name: string;
  uri: string;
  os: DesktopOs;
}

const nameAndValue = (flag: string, option: string, example: string): [string, string] => {
  const eq = flag.indexOf('=');
  if (eq <= 0) throw new Error(`invalid ${option} "${withoutPassword(flag)}": expected ${example}`);
  return [flag.slice(0, eq).trim(), flag.slice(eq + 1).trim()];
};

/**
 * Reads `--desktop NAME=URI` and `--desktop-os NAME=linux|windows` (both repeatable). Throws naming the bad flag,
 * without ever printing a password.
 */
export function parseDesktops(flags: string[], osFlags: string[]): AgentDesktop[] {
  const oses = new Map<string, DesktopOs>();
  for (const flag of osFlags) {
    const [name, os] = nameAndValue(flag, '--desktop-os', 'NAME=linux or NAME=windows');
    if (!(desktopOses as readonly string[]).includes(os)) throw new Error(`invalid --desktop-os ${name}: "${os}" must be linux or windows`);
    oses.set(name, os as DesktopOs);
  }
  const desktops: AgentDesktop[] = [];
  for (const flag of flags) {
    const [name, uri] = nameAndValue(flag, '--desktop', 'NAME=URI, e.g. build-box=vnc://:PASSWORD@localhost:5901');
    const problem = desktopProblem(name, uri);
    if (problem) throw new Error(`invalid --desktop ${name}: ${problem}`);
    if (desktops.some((d) => d.name === name)) throw new Error(`--desktop ${name} is given twice`);
    desktops.push({ name, uri, os: oses.get(name) ?? defaultOs[desktopTarget(uri).scheme] });
  }
  const unknown = [...oses.keys()].find((name) => !desktops.some((d) => d.name === name));
  if (unknown) throw new Error(`--desktop-os ${unknown} names no --desktop`);
  return desktops;
}

/** The announcement of a desktop: its URI without the password the agent keeps, and its OS. */
export const announcedDesktopOf = (d: AgentDesktop) => ({ uri: withoutPassword(d.uri), os: d.os });
