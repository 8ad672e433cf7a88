/**
 * A gateway for benches in a process of its own (`portcullis start`), as it runs in a deployment, so the bench's
 * own work (its readers, its timers, V8's threads in the bench process) neither slows it nor is counted as its
 * CPU. The bench reaches its storage through the same SQLite file, to create roles and users (signed in over
 * HTTP, as the console would) and to seed data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PasswordHasher } from '../src/platform/passwords/password';
import { openStorage } from '../src/platform/storage/open';
import type { Store } from '../src/platform/storage/store';
import { RoleService } from '../src/management/roles/service';
import { UserService } from '../src/management/users/service';
import { UserCertificateAuthority } from '../src/resources/connectors/openssh/ca';
import { defaultPassword, loginAt, testPasswordHashing, type Client } from '../test/harness';
import { startGatewayProcess } from '../test/peers/gatewayProcess';

export interface BenchGateway {
  url: string;
  /** The gateway's process, whose threads cpuTime.ts reads. */
  pid: number;
  dataDir: string;
  /** The gateway's database, opened by the bench as well. */
  store: Store;
  /** The public key line of the user CA the gateway signs OpenSSH certificates with (for a private sshd to trust). */
  userCaKey: string;
  createRole(yaml: string): Promise<void>;
  /** Creates a user with `roles` and signs it in over HTTP. */
  signIn(roles: string[]): Promise<Client>;
  close(): Promise<void>;
}

export async function startBenchGateway(): Promise<BenchGateway> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-'));
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-config-'));
  // Opened (and its schema created) before the gateway starts, which then finds it up to date.
  const store = await openStorage({ dataDir });
  // Made here before the gateway starts, which loads it from the data directory rather than making its own.
  const userCaKey = UserCertificateAuthority.loadOrCreate(dataDir).publicKeyLine;
  const gateway = await startGatewayProcess({ name: 'bench', dataDir, configDir });
  const hasher = new PasswordHasher(testPasswordHashing);
  let users = 0;
  return {
    url: gateway.url,
    pid: gateway.child.pid!,
    dataDir,
    store,
    userCaKey,
    async createRole(yaml) {
      await new RoleService(store).create('bench', yaml);
    },
    async signIn(roles) {
      const name = `bench-user-${++users}`;
      await new UserService(store).create('bench', { name, roles });
      await store.users.update(name, { passwordHash: await hasher.hash(defaultPassword) });
      return loginAt(gateway.url, name);
    },
    async close() {
      await gateway.stop();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
