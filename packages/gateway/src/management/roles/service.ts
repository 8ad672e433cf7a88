import { badRequest, conflict, notFound } from '../../platform/access/errors';
import { recordEvent } from '../audit/record';
import type { Store } from '../../platform/storage/store';
import type { RoleResource } from './model';

/** A role and the YAML it was written in (null for the presets, which the gateway writes itself). */
export interface RoleDocument {
  role: RoleResource;
  source: string | null;
}
import { presetRoles } from './presets';
import { RoleSyntaxError, parseRoleYaml } from './yaml';

function parse(content: string): RoleResource {
  try {
    return parseRoleYaml(content);
  } catch (err) {
    if (err instanceof RoleSyntaxError) throw badRequest(err.message);
    throw err;
  }
}

/** Role resources: create, replace and delete, each audited in the same transaction. */
export class RoleService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<RoleDocument[]> {
    return this.store.roles.list();
  }

  async get(name: string): Promise<RoleDocument> {
    const stored = await this.store.roles.get(name);
    if (!stored) throw notFound(`role ${name} not found`);
    return stored;
  }

  /** Creates a role from YAML, kept as it was written. */
  async create(actor: string, content: string): Promise<RoleDocument> {
    const role = parse(content);
    return this.store.transaction(async (tx) => {
      if (await tx.roles.get(role.metadata.name)) throw conflict(`role ${role.metadata.name} already exists`);
      await tx.roles.create(role, content, this.now());
      await recordEvent(tx, 'ROLE_CREATED', { user: actor, name: role.metadata.name }, this.now());
      return { role, source: content };
    });
  }

  /** Replaces the role `name`; the content must describe that same role. */
  async update(actor: string, name: string, content: string): Promise<RoleDocument> {
    const role = parse(content);
    if (role.metadata.name !== name) throw badRequest(`metadata.name: the role is ${name}; renaming a role is not supported (got ${role.metadata.name})`);
    return this.store.transaction(async (tx) => {
      if (!(await tx.roles.update(role, content, this.now()))) throw notFound(`role ${name} not found`);
      await recordEvent(tx, 'ROLE_UPDATED', { user: actor, name }, this.now());
      return { role, source: content };
    });
  }

  async remove(actor: string, name: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const holders = (await tx.users.list()).filter((u) => u.roles.includes(name)).map((u) => u.name);
      if (holders.length) throw conflict(`role ${name} is still assigned to ${holders.slice(0, 5).join(', ')}${holders.length > 5 ? '…' : ''}`);
      if (!(await tx.roles.delete(name))) throw notFound(`role ${name} not found`);
      await recordEvent(tx, 'ROLE_DELETED', { user: actor, name }, this.now());
    });
  }

  /** Creates the preset roles that do not exist yet (first start). */
  async ensurePresets(actor: string, tx: Store = this.store): Promise<void> {
    for (const role of presetRoles) {
      if (await tx.roles.get(role.metadata.name)) continue;
      await tx.roles.create(role, null, this.now());
      await recordEvent(tx, 'ROLE_CREATED', { user: actor, name: role.metadata.name }, this.now());
    }
  }
}
