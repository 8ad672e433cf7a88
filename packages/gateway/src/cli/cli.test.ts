import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProgram } from './program';

/** Runs one command in-process against a data directory and answers what it printed. */
async function run(args: string[]): Promise<string[]> {
  const lines: string[] = [];
  const program = buildProgram((line) => lines.push(line));
  program.exitOverride();
  await program.parseAsync(args, { from: 'user' });
  return lines;
}

describe('portcullis users and roles', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('users add prints an invite URL; ls lists the user with roles and logins; rm deletes', async () => {
    const added = await run(['users', 'add', 'carol', '--roles', 'access,auditor', '--logins', 'carol,ubuntu', '--data-dir', dataDir]);
    expect(added[1]).toMatch(/^http:\/\/localhost:3080\/web\/invite\/[0-9a-f]{32}$/);
    const listed = await run(['users', 'ls', '--data-dir', dataDir]);
    expect(listed[0]).toMatch(/^User\s+Roles\s+Logins$/);
    expect(listed).toContainEqual(expect.stringMatching(/^carol\s+access,auditor\s+carol,ubuntu$/));
    expect(await run(['users', 'rm', 'carol', '--data-dir', dataDir])).toEqual(['User carol has been deleted.']);
    expect((await run(['users', 'ls', '--data-dir', dataDir])).join('\n')).not.toContain('carol');
  });

  it('refuses a bad user name or an unknown role with the reason', async () => {
    await expect(run(['users', 'add', 'x/y', '--roles', 'access', '--data-dir', dataDir])).rejects.toThrow(/^user\.name: /);
    await expect(run(['users', 'add', 'dave', '--roles', 'wizard', '--data-dir', dataDir])).rejects.toThrow('roles: no such role wizard');
  });

  it('roles ls shows the presets; create -f adds a role that get prints back', async () => {
    const listed = (await run(['roles', 'ls', '--data-dir', dataDir])).map((l) => l.split(/\s+/)[0]);
    expect(listed).toEqual(['Role', expect.stringMatching(/^-+$/), 'access', 'auditor', 'editor']);
    const file = path.join(dataDir, 'ops.yaml');
    writeFileSync(file, 'kind: role\nmetadata:\n  name: ops\nspec:\n  allow:\n    logins: [root]\n');
    expect(await run(['roles', 'create', '-f', file, '--data-dir', dataDir])).toEqual(['Role ops has been created.']);
    // Printed as it was written, not re-rendered.
    expect((await run(['roles', 'get', 'ops', '--data-dir', dataDir])).join('\n')).toBe('kind: role\nmetadata:\n  name: ops\nspec:\n  allow:\n    logins: [root]');
    writeFileSync(file, 'kind: role\nmetadata:\n  name: bad\nspec:\n  allow:\n    logins: root\n');
    await expect(run(['roles', 'create', '-f', file, '--data-dir', dataDir])).rejects.toThrow(/^line 6: spec\.allow\.logins: /);
  });

  it('finds the storage through --config', async () => {
    const config = path.join(dataDir, 'gateway.yaml');
    writeFileSync(config, `dataDir: ${dataDir}\npublicUrl: https://gw.example.com\n`);
    const added = await run(['users', 'add', 'erin', '--roles', 'access', '--config', config]);
    expect(added[1]).toMatch(/^https:\/\/gw\.example\.com\/web\/invite\/[0-9a-f]{32}$/);
  });
});
