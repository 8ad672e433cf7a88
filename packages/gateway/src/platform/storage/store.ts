import type { Kysely } from 'kysely';
import type { Engine } from './engine';
import { eventRepo } from './repos/events';
import { metaRepo } from './repos/meta';
import { roleRepo } from './repos/roles';
import { webSessionRepo } from './repos/webSessions';
import { userTokenRepo } from './repos/tokens';
import { userRepo } from './repos/users';
import type { Tables } from './tables';

/**
 * The one storage interface. Both engines implement it through their kysely dialect; `transaction` hands the
 * callback the same interface bound to one transaction, so a change and its audit event commit together.
 */
export interface Store {
  readonly engine: Engine;
  /** The query builder, for domains that keep their own tables. */
  readonly db: Kysely<Tables>;
  readonly users: ReturnType<typeof userRepo>;
  readonly userTokens: ReturnType<typeof userTokenRepo>;
  readonly webSessions: ReturnType<typeof webSessionRepo>;
  readonly roles: ReturnType<typeof roleRepo>;
  readonly events: ReturnType<typeof eventRepo>;
  readonly meta: ReturnType<typeof metaRepo>;
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createStore(db: Kysely<Tables>, engine: Engine, inTransaction = false): Store {
  return {
    engine,
    db,
    users: userRepo(db),
    userTokens: userTokenRepo(db),
    webSessions: webSessionRepo(db),
    roles: roleRepo(db),
    events: eventRepo(db),
    meta: metaRepo(db),
    transaction: (work) =>
      // Nested calls join the transaction already open.
      inTransaction ? work(createStore(db, engine, true)) : db.transaction().execute((tx) => work(createStore(tx, engine, true))),
    close: () => db.destroy(),
  };
}
