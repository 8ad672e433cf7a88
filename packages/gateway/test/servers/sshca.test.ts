import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { UserCertificateAuthority, userCertificateTtlMs } from '../../src/resources/connectors/openssh/ca';
import { OpenSshClient } from '../../src/resources/connectors/openssh/client';
import { startPrivateSshd, type PrivateSshd } from './sshd';

// Real sshd, agents and login shells (root's profile here starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

const run = promisify(execFile);

describe('SSH user certificate authority', () => {
  let dir: string;
  let ca: UserCertificateAuthority;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-ca-'));
    ca = UserCertificateAuthority.loadOrCreate(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('keeps one CA key in the data directory across restarts', () => {
    expect(UserCertificateAuthority.loadOrCreate(dir).publicKeyLine).toBe(ca.publicKeyLine);
    expect(ca.publicKeyLine).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5\S+ portcullis-user-ca\n$/);
  });

  test('issues OpenSSH user certificates that ssh-keygen reads back', () => {
    const now = new Date('2030-01-02T03:04:05Z');
    const issued = ca.issue('alice', 'alice@localhost', now);
    const file = path.join(dir, 'id-cert.pub');
    writeFileSync(file, issued.certificate);
    const text = execFileSync('ssh-keygen', ['-L', '-f', file]).toString();
    expect(text).toMatch(/Type: ssh-ed25519-cert-v01@openssh.com user certificate/);
    expect(text).toMatch(/Key ID: "alice@localhost"/);
    expect(text).toMatch(/Principals: \n\s+alice\n/);
    expect(text).toMatch(/permit-pty/);
    // Backdated one minute for clock skew; valid for userCertificateTtlMs (5 minutes) after issue.
    expect(userCertificateTtlMs).toBe(300_000);
    expect(text).toMatch(/Valid: from 2030-01-02T0\d:03:05 to 2030-01-02T0\d:09:05/);
    const caFile = path.join(dir, 'ca.pub');
    writeFileSync(caFile, ca.publicKeyLine);
    const caFingerprint = execFileSync('ssh-keygen', ['-l', '-f', caFile]).toString().split(' ')[1];
    expect(text).toContain(`Signing CA: ED25519 ${caFingerprint}`);
    // The private key is in OpenSSH's own format, which ssh can load.
    const keyFile = path.join(dir, 'id');
    writeFileSync(keyFile, issued.privateKey, { mode: 0o600 });
    expect(execFileSync('ssh-keygen', ['-y', '-f', keyFile]).toString()).toMatch(/^ssh-ed25519 /);
  });

  describe('against a real sshd trusting it through TrustedUserCAKeys', () => {
    let sshd: PrivateSshd;
    let client: OpenSshClient;
    beforeAll(async () => {
      sshd = await startPrivateSshd(ca.publicKeyLine);
      client = new OpenSshClient(ca, dir);
    });
    afterAll(() => sshd.stop());

    test('the certificate opens the login it names', async () => {
      const login = client.prepare({ host: '127.0.0.1', port: sshd.port }, 'root', 'tester@localhost', { tty: false });
      try {
        const { stdout } = await run('ssh', [...login.args, 'echo hello-$(id -un)']);
        expect(stdout.trim()).toBe('hello-root');
      } finally {
        login.cleanup();
      }
    });

    test('and no other login', async () => {
      const issued = ca.issue('someone-else', 'tester@localhost');
      const keyDir = mkdtempSync(path.join(dir, 'k-'));
      writeFileSync(path.join(keyDir, 'id'), issued.privateKey, { mode: 0o600 });
      writeFileSync(path.join(keyDir, 'id-cert.pub'), issued.certificate);
      const args = ['-F', '/dev/null', '-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'IdentitiesOnly=yes'];
      await expect(
        run('ssh', [...args, '-i', path.join(keyDir, 'id'), '-p', String(sshd.port), 'root@127.0.0.1', 'true']),
      ).rejects.toMatchObject({ stderr: expect.stringMatching(/Permission denied/) });
    });
  });
});
