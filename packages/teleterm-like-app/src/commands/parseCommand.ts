/** What the command bar was asked to do. */
export type Command =
  | { kind: 'ssh'; login: string; host: string }
  | { kind: 'dbConnect'; database: string; dbUser: string; dbName?: string }
  | { kind: 'search'; text: string }
  | { kind: 'invalid'; message: string };

export const sshUsage = 'Write ssh LOGIN@HOST, e.g. ssh root@web-1';
export const dbConnectUsage = 'Write db connect NAME --db-user USER [--db-name NAME]';

function parseSsh(args: string[]): Command {
  const target = args.length === 1 ? args[0]! : '';
  const at = target.lastIndexOf('@');
  const login = target.slice(0, at);
  const host = target.slice(at + 1);
  return at > 0 && host ? { kind: 'ssh', login, host } : { kind: 'invalid', message: sshUsage };
}

const dbFlags = { '--db-user': 'dbUser', '--db-name': 'dbName' } as const;

function parseDbConnect(args: string[]): Command {
  const given: { database?: string; dbUser?: string; dbName?: string } = {};
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag in dbFlags) {
      const value = inline ?? args[(i += 1)];
      if (!value) return { kind: 'invalid', message: `${flag} needs a value. ${dbConnectUsage}` };
      given[dbFlags[flag as keyof typeof dbFlags]] = value;
    } else if (flag.startsWith('-')) {
      return { kind: 'invalid', message: `Unknown option ${flag}. ${dbConnectUsage}` };
    } else if (given.database === undefined) {
      given.database = flag;
    } else {
      return { kind: 'invalid', message: `Only one database at a time. ${dbConnectUsage}` };
    }
  }
  const { database, dbUser, dbName } = given;
  if (!database || !dbUser) return { kind: 'invalid', message: dbConnectUsage };
  return { kind: 'dbConnect', database, dbUser, ...(dbName ? { dbName } : {}) };
}

/** Reads a command bar line; undefined when there is nothing to do. Anything not a command is a search. */
export function parseCommand(line: string): Command | undefined {
  const text = line.trim();
  if (!text) return undefined;
  const [word, ...rest] = text.split(/\s+/);
  if (word === 'ssh') return parseSsh(rest);
  if (word === 'db' && rest[0] === 'connect') return parseDbConnect(rest.slice(1));
  return { kind: 'search', text };
}
