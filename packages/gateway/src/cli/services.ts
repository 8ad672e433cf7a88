import { loadConfig, publicUrl, type GatewayConfig } from '../platform/config/config';
import { RoleService } from '../management/roles/service';
import { openStorage } from '../platform/storage/open';
import type { Store } from '../platform/storage/store';
import { UserService } from '../management/users/service';
import type { StorageFlags } from './storageOptions';

export interface CliServices {
  config: GatewayConfig;
  store: Store;
  users: UserService;
  roles: RoleService;
  url: string;
}

/** The name commands write into the audit log as the actor. */
export const cliActor = 'cli';

/**
 * Opens the gateway's storage (safe while the gateway runs: SQLite in WAL mode, or PostgreSQL), makes sure
 * the preset roles exist, runs the command and closes.
 */
export async function withServices<T>(flags: StorageFlags, work: (s: CliServices) => Promise<T>): Promise<T> {
  const config = loadConfig(flags.config, { dataDir: flags.dataDir, db: flags.db, logLevel: 'silent' });
  const store = await openStorage({ dataDir: config.dataDir, db: config.db });
  try {
    const users = new UserService(store);
    const roles = new RoleService(store);
    await roles.ensurePresets(cliActor);
    return await work({ config, store, users, roles, url: publicUrl(config) });
  } finally {
    await store.close();
  }
}
