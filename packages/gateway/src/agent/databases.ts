import { databaseProblem, withoutPassword } from './tunnel/databases';

/** A database the agent serves: its name, where it reaches it (with the password it holds, if any), and how it is announced. */
export interface AgentDatabase {
  name: string;
  uri: string;
  description?: string;
}

/** Reads `--db NAME=URI` (repeatable). Throws naming the bad flag, without ever printing a password. */
export function parseDatabases(flags: string[]): AgentDatabase[] {
  const parsed = flags.map((flag) => {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new Error(`invalid --db "${withoutPassword(flag)}": expected NAME=URI, e.g. orders=postgres://postgres@localhost:5432/orders`);
    return { name: flag.slice(0, eq).trim(), uri: flag.slice(eq + 1).trim() };
  });
  const seen = new Set<string>();
  for (const db of parsed) {
    const problem = databaseProblem(db.name, db.uri);
    if (problem) throw new Error(`invalid --db ${db.name}: ${problem}`);
    if (seen.has(db.name)) throw new Error(`--db ${db.name} is given twice`);
    seen.add(db.name);
  }
  return parsed;
}

/**
 * Reads `--db-match NAME=VALUE` (repeatable; NAME=* for any value): the labels of enrolled databases this agent
 * serves. Several values for one name accept any of them.
 */
export function parseDatabaseMatchers(flags: string[]): Record<string, string[]> {
  const matchers: Record<string, string[]> = {};
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq <= 0 || eq === flag.length - 1) throw new Error(`invalid --db-match "${flag}": expected LABEL=VALUE, e.g. env=dev, or *=* for every enrolled database`);
    const name = flag.slice(0, eq).trim();
    matchers[name] = [...(matchers[name] ?? []), flag.slice(eq + 1).trim()];
  }
  return matchers;
}

/** The announcement of a database: its URI without the password the agent keeps. */
export const announcedDatabaseOf = (db: AgentDatabase) => ({ uri: withoutPassword(db.uri), ...(db.description && { description: db.description }) });
