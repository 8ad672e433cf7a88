import type { CreateIntegrationRequest } from '@portcullis/shared';
import { conflict, notFound } from '../../platform/access/errors';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import type { IntegrationRow } from './tables';

/** Integrations: stored by name, each change audited in the transaction that makes it. */
export class IntegrationService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** One page in name order, and the name to start the next page after. */
  async list(limit: number, startKey?: string): Promise<{ items: IntegrationRow[]; nextKey?: string }> {
    let q = this.store.db.selectFrom('integrations').selectAll().orderBy('name').limit(limit + 1);
    if (startKey) q = q.where('name', '>', startKey);
    const rows = await q.execute();
    const items = rows.slice(0, limit);
    return rows.length > limit ? { items, nextKey: items[items.length - 1]!.name } : { items };
  }

  async get(name: string): Promise<IntegrationRow> {
    const row = await this.store.db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) throw notFound(`integration ${name} was not found`);
    return row;
  }

  async create(user: string, body: CreateIntegrationRequest): Promise<IntegrationRow> {
    const now = this.now();
    const row: IntegrationRow = { name: body.name, sub_kind: body.subKind, role_arn: body.awsoidc.roleArn, created_by: user, created_at: now, updated_at: now };
    return this.store.transaction(async (tx) => {
      const taken = await tx.db.selectFrom('integrations').select('name').where('name', '=', body.name).executeTakeFirst();
      if (taken) throw conflict(`an integration named ${body.name} already exists: choose another name, or edit it`);
      await tx.db.insertInto('integrations').values(row).execute();
      await recordEvent(tx, 'INTEGRATION_CREATE', { user, name: row.name, sub_kind: row.sub_kind, role_arn: row.role_arn }, now);
      return row;
    });
  }

  async updateRole(user: string, name: string, roleArn: string): Promise<IntegrationRow> {
    const now = this.now();
    return this.store.transaction(async (tx) => {
      const existing = await tx.db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirst();
      if (!existing) throw notFound(`integration ${name} was not found`);
      const updated = { ...existing, role_arn: roleArn, updated_at: now };
      await tx.db.updateTable('integrations').set({ role_arn: roleArn, updated_at: now }).where('name', '=', name).execute();
      await recordEvent(tx, 'INTEGRATION_UPDATE', { user, name, sub_kind: updated.sub_kind, role_arn: roleArn }, now);
      return updated;
    });
  }

  async remove(user: string, name: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const removed = await tx.db.deleteFrom('integrations').where('name', '=', name).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(`integration ${name} was not found`);
      await recordEvent(tx, 'INTEGRATION_DELETE', { user, name }, this.now());
    });
  }
}
