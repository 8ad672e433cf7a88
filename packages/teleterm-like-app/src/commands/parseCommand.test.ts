import { dbConnectUsage, parseCommand, sshUsage } from './parseCommand';

test('ssh LOGIN@HOST names the login and the host; the last @ splits them', () => {
  expect(parseCommand('ssh root@web-1')).toEqual({ kind: 'ssh', login: 'root', host: 'web-1' });
  expect(parseCommand('  ssh  ops@corp@db-2 ')).toEqual({ kind: 'ssh', login: 'ops@corp', host: 'db-2' });
});

test.each(['ssh', 'ssh web-1', 'ssh @web-1', 'ssh root@', 'ssh root@a b'])(
  '%j is not an ssh command it can run',
  (line) => {
    expect(parseCommand(line)).toEqual({ kind: 'invalid', message: sshUsage });
  },
);

test('db connect NAME takes --db-user and an optional --db-name, with a space or an equals sign', () => {
  expect(parseCommand('db connect orders --db-user postgres')).toEqual({
    kind: 'dbConnect',
    database: 'orders',
    dbUser: 'postgres',
  });
  expect(parseCommand('db connect --db-user=alice orders --db-name shop')).toEqual({
    kind: 'dbConnect',
    database: 'orders',
    dbUser: 'alice',
    dbName: 'shop',
  });
});

test('db connect says what is missing or wrong', () => {
  expect(parseCommand('db connect orders')).toEqual({ kind: 'invalid', message: dbConnectUsage });
  expect(parseCommand('db connect --db-user alice')).toEqual({ kind: 'invalid', message: dbConnectUsage });
  expect(parseCommand('db connect orders --db-user')).toEqual({
    kind: 'invalid',
    message: `--db-user needs a value. ${dbConnectUsage}`,
  });
  expect(parseCommand('db connect orders --db-user a --port 5')).toEqual({
    kind: 'invalid',
    message: `Unknown option --port. ${dbConnectUsage}`,
  });
  expect(parseCommand('db connect orders users --db-user a')).toEqual({
    kind: 'invalid',
    message: `Only one database at a time. ${dbConnectUsage}`,
  });
});

test('anything else is a search, and an empty line is nothing', () => {
  expect(parseCommand(' env=prod web ')).toEqual({ kind: 'search', text: 'env=prod web' });
  expect(parseCommand('db orders')).toEqual({ kind: 'search', text: 'db orders' });
  expect(parseCommand('sshd')).toEqual({ kind: 'search', text: 'sshd' });
  expect(parseCommand('   ')).toBeUndefined();
});
