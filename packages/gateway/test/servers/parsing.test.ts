import { backoffDelay } from '../../src/agent/backoff';
import { parseCommandLabels } from '../../src/agent/command';
import { computeCommandLabels, parseLabels } from '../../src/agent/labels';
import { lookupLogin, UnknownLoginError } from '../../src/agent/logins';
import { parseSshAddr } from '../../src/resources/connectors/openssh/client';
import { installNodeScript } from '../../src/management/tokens/script';
import { downloadName, remotePath, shellQuote } from '../../src/resources/transfer/paths';

test('--labels parses k=v pairs and names a bad one', () => {
  expect(parseLabels('env=prod, team=a=b,,')).toEqual({ env: 'prod', team: 'a=b' });
  expect(parseLabels(undefined)).toEqual({});
  expect(() => parseLabels('env')).toThrow('invalid label "env": expected name=value');
  expect(() => parseLabels('bad name=x')).toThrow(/invalid label/);
});

test('--command-labels take name=command pairs separated by semicolons, run through sh', async () => {
  const commands = parseCommandLabels('arch=uname -m; users=echo a,b ;broken=exit 3');
  expect(commands).toEqual({ arch: 'uname -m', users: 'echo a,b', broken: 'exit 3' });
  expect(() => parseCommandLabels('nameonly')).toThrow('expected name=command');
  const values = await computeCommandLabels(commands);
  expect(values.users).toBe('a,b');
  expect(values.broken).toBe('error');
  expect(values.arch).toMatch(/^\w+$/);
});

test('reconnect backoff doubles from 250 ms to at most 15 s, with ±20% jitter', () => {
  const mid = () => 0.5;
  expect([0, 1, 2, 3, 10, 60].map((a) => backoffDelay(a, undefined, undefined, mid))).toEqual([250, 500, 1000, 2000, 15000, 15000]);
  expect(backoffDelay(0, 250, 15000, () => 0)).toBe(200);
  expect(backoffDelay(0, 250, 15000, () => 1)).toBe(300);
});

test('logins are looked up through NSS; unknown or malformed ones are refused by name', async () => {
  await expect(lookupLogin('root', 'h')).resolves.toMatchObject({ name: 'root', uid: 0, gid: 0, home: '/root' });
  await expect(lookupLogin('nobody', 'h')).resolves.toMatchObject({ uid: 65534, home: '/' }); // /nonexistent → /
  await expect(lookupLogin('no-such-user-here', 'h1')).rejects.toThrow(new UnknownLoginError('no-such-user-here', 'h1'));
  await expect(lookupLogin('root;reboot', 'h1')).rejects.toThrow('login "root;reboot" does not exist on h1');
});

test('ssh addresses default to port 22', () => {
  expect(parseSshAddr('db.internal')).toEqual({ host: 'db.internal', port: 22 });
  expect(parseSshAddr('10.0.0.1:2222')).toEqual({ host: '10.0.0.1', port: 2222 });
  expect(parseSshAddr('[::1]:2022')).toEqual({ host: '::1', port: 2022 });
  expect(() => parseSshAddr('a:b:c')).toThrow('"a:b:c" is not host:port');
});

test('transfer paths: uploads join location and filename, ~/ is the home directory', () => {
  expect(remotePath('/tmp/', 'a.txt')).toBe('/tmp/a.txt');
  expect(remotePath('~/docs', 'a.txt')).toBe('docs/a.txt');
  expect(remotePath('~')).toBe('.');
  expect(remotePath('/etc/hostname')).toBe('/etc/hostname');
  expect(downloadName('/var/log/syslog')).toBe('syslog');
  expect(downloadName('/x', 'given.bin')).toBe('given.bin');
  expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
});

test('install-node.sh quotes every value it embeds', () => {
  const script = installNodeScript({ gatewayUrl: "https://gw.example.com:3080", token: 'abc', labels: { env: "o'brien" } });
  expect(script).toContain("GATEWAY='https://gw.example.com:3080'");
  expect(script).toContain(`LABELS='env=o'\\''brien'`);
  expect(script).toContain('[Service]');
});
