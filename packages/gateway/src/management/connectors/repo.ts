import type { Store } from '../../platform/storage/store';
import type { ConnectorKind, ConnectorResource } from './model';
import type { AuthConnectorRow } from './tables';

/** A connector, secrets included (signing in needs them), and the YAML it was written in. */
export interface StoredConnector {
  connector: ConnectorResource;
  source: string;
  createdAt: number;
  updatedAt: number;
}

const toStored = (row: AuthConnectorRow): StoredConnector => ({
  connector: JSON.parse(row.resource) as ConnectorResource,
  source: row.source,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Auth connectors, keyed by kind and name. Pass `tx` to read or write inside a transaction. */
export function connectorRepo(store: Store) {
  return {
    async list(kind?: ConnectorKind, tx: Store = store): Promise<StoredConnector[]> {
      let query = tx.db.selectFrom('auth_connectors').selectAll();
      if (kind) query = query.where('kind', '=', kind);
      return (await query.orderBy('kind').orderBy('name').execute()).map(toStored);
    },

    async get(kind: ConnectorKind, name: string, tx: Store = store): Promise<StoredConnector | undefined> {
      const row = await tx.db.selectFrom('auth_connectors').selectAll().where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
      return row && toStored(row);
    },

    async create(connector: ConnectorResource, source: string, now: number, tx: Store = store): Promise<void> {
      await tx.db
        .insertInto('auth_connectors')
        .values({ kind: connector.kind, name: connector.metadata.name, resource: JSON.stringify(connector), source, created_at: now, updated_at: now })
        .execute();
    },

    /** Replaces a connector; false when there is none of that kind and name. */
    async update(connector: ConnectorResource, source: string, now: number, tx: Store = store): Promise<boolean> {
      const r = await tx.db
        .updateTable('auth_connectors')
        .set({ resource: JSON.stringify(connector), source, updated_at: now })
        .where('kind', '=', connector.kind)
        .where('name', '=', connector.metadata.name)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async delete(kind: ConnectorKind, name: string, tx: Store = store): Promise<boolean> {
      const r = await tx.db.deleteFrom('auth_connectors').where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
