import type { Server } from 'node:http';
import { stringify } from 'yaml';
import { badRequest, conflict, notFound } from '../../platform/access/errors';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import { parseTrustedCluster, tunnelUrl, type TrustedClusterResource } from './model';
import { clusterTunnelPath } from './protocol';
import type { RemoteCallers } from './remoteCallers';
import { RootTunnel, type LeafReport } from './rootTunnel';

/** Stands in for the join token in the stored resource once the root has issued an identity: the token is not kept. */
export const usedToken = '(used: the root issued this cluster an identity)';

interface Stored {
  resource: TrustedClusterResource;
  content: string;
  secret: string | null;
}

export interface TrustedClusterOptions {
  /** The leaf's own name, as the root will list it. */
  localName: string;
  report(): Promise<LeafReport>;
  /** The leaf's web server: root users' requests are served by it, as connections of their own. */
  server: () => Server;
  log(message: string): void;
  backoff?: { first: number; max: number };
}

/**
 * On a leaf: the roots it trusts. Creating one joins the root there and then (a refused token or a taken name is
 * the person's answer, not a background retry); an enabled one keeps its tunnel up from then on, across
 * restarts, with the identity the root issued; disabling or removing it cuts the tunnel.
 */
export class TrustedClusterService {
  private readonly tunnels = new Map<string, RootTunnel>();

  constructor(
    private readonly store: Store,
    private readonly callers: RemoteCallers,
    private readonly now: () => number,
    private readonly o: TrustedClusterOptions,
  ) {}

  async list(): Promise<{ name: string; content: string }[]> {
    const rows = await this.store.db.selectFrom('trusted_clusters').select(['name', 'content']).orderBy('name').execute();
    return rows;
  }

  async get(name: string): Promise<{ name: string; content: string }> {
    const row = await this.find(name);
    if (!row) throw notFound(`trusted cluster ${name} was not found`);
    return { name, content: row.content };
  }

  async create(user: string, content: string): Promise<{ name: string; content: string }> {
    const resource = await this.validate(content);
    const name = resource.metadata.name;
    if (await this.find(name)) throw conflict(`trusted cluster ${name} already exists: edit it instead`);
    const secret = resource.spec.enabled ? await this.join(resource) : null;
    const stored = this.render(resource, secret !== null);
    await this.store.transaction(async (tx) => {
      const now = this.now();
      await tx.db.insertInto('trusted_clusters').values({ name, content: stored, enabled: resource.spec.enabled ? 1 : 0, identity_secret: secret, created_at: now, updated_at: now }).execute();
      await recordEvent(tx, 'TRUSTED_CLUSTER_CREATED', { user, name }, now);
    });
    this.callers.setRoleMap(name, resource.spec.role_map);
    if (secret) this.run(resource, secret);
    return { name, content: stored };
  }

  async update(user: string, name: string, content: string): Promise<{ name: string; content: string }> {
    const existing = await this.find(name);
    if (!existing) throw notFound(`trusted cluster ${name} was not found`);
    const resource = await this.validate(content);
    if (resource.metadata.name !== name) throw badRequest(`metadata.name is ${resource.metadata.name}, but this is trusted cluster ${name}: a root cannot be renamed`);
    this.stopTunnel(name);
    const secret = resource.spec.enabled ? (existing.secret ?? (await this.join(resource))) : existing.secret;
    const stored = this.render(resource, secret !== null);
    await this.store.transaction(async (tx) => {
      const now = this.now();
      await tx.db.updateTable('trusted_clusters').set({ content: stored, enabled: resource.spec.enabled ? 1 : 0, identity_secret: secret, updated_at: now }).where('name', '=', name).execute();
      // The catalogue has one event for a trust written, whether new or replaced (as the usual console's upsert).
      await recordEvent(tx, 'TRUSTED_CLUSTER_CREATED', { user, name }, now);
    });
    this.callers.setRoleMap(name, resource.spec.role_map);
    if (resource.spec.enabled && secret) this.run(resource, secret);
    return { name, content: stored };
  }

  async remove(user: string, name: string): Promise<void> {
    if (!(await this.find(name))) throw notFound(`trusted cluster ${name} was not found`);
    this.stopTunnel(name);
    this.callers.setRoleMap(name, undefined);
    await this.store.transaction(async (tx) => {
      await tx.db.deleteFrom('trusted_clusters').where('name', '=', name).execute();
      await recordEvent(tx, 'TRUSTED_CLUSTER_DELETED', { user, name }, this.now());
    });
  }

  /** Brings up the tunnel of every enabled root this leaf joined (at start). */
  async startAll(): Promise<void> {
    for (const row of await this.store.db.selectFrom('trusted_clusters').selectAll().execute()) {
      const parsed = parseTrustedCluster(row.content);
      if ('error' in parsed) {
        this.o.log(`trusted cluster ${row.name} is stored unreadable (${parsed.error}): edit it`);
        continue;
      }
      this.callers.setRoleMap(row.name, parsed.spec.role_map);
      if (row.enabled && row.identity_secret) this.run(parsed, row.identity_secret);
    }
  }

  stopAll(): void {
    for (const name of [...this.tunnels.keys()]) this.stopTunnel(name);
  }

  /** Whether the tunnel to a root is up now. */
  online(name: string): boolean {
    return this.tunnels.get(name)?.online ?? false;
  }

  private async find(name: string): Promise<Stored | undefined> {
    const row = await this.store.db.selectFrom('trusted_clusters').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    const parsed = parseTrustedCluster(row.content);
    if ('error' in parsed) throw new Error(`trusted cluster ${name} is stored unreadable: ${parsed.error}`);
    return { resource: parsed, content: row.content, secret: row.identity_secret };
  }

  /** The resource, or a 400 naming what is wrong with it: its YAML, or a role map naming roles this cluster lacks. */
  private async validate(content: string): Promise<TrustedClusterResource> {
    const parsed = parseTrustedCluster(content);
    if ('error' in parsed) throw badRequest(parsed.error);
    if (parsed.metadata.name === this.o.localName) throw badRequest(`metadata.name is this cluster's own name (${this.o.localName}): name the root cluster`);
    const wanted = [...new Set(parsed.spec.role_map.flatMap((m) => m.local))];
    const found = new Set((await this.store.roles.getMany(wanted)).map((r) => r.metadata.name));
    const missing = wanted.filter((r) => !found.has(r));
    if (missing.length) throw badRequest(`spec.role_map maps to roles that do not exist on this cluster: ${missing.join(', ')}`);
    return parsed;
  }

  /** Joins the root with the resource's token; the identity it issues, or a 400 with the root's refusal. */
  private async join(resource: TrustedClusterResource): Promise<string> {
    if (resource.spec.token === usedToken) throw badRequest('spec.token: this cluster has no identity at the root yet: give a join token the root issued');
    let issued: string | undefined;
    const tunnel = this.tunnel(resource, { joinToken: resource.spec.token }, async (secret) => void (issued = secret));
    try {
      await tunnel.start();
    } catch (err) {
      throw badRequest(`could not join ${resource.metadata.name}: ${(err as Error).message}`);
    } finally {
      tunnel.stop();
    }
    if (!issued) throw badRequest(`could not join ${resource.metadata.name}: the root accepted the token but issued no identity`);
    return issued;
  }

  private run(resource: TrustedClusterResource, secret: string): void {
    const tunnel = this.tunnel(resource, { secret }, async () => undefined);
    this.tunnels.set(resource.metadata.name, tunnel);
    tunnel.run();
  }

  private tunnel(resource: TrustedClusterResource, credentials: { joinToken: string } | { secret: string }, onIssued: (secret: string) => Promise<void>): RootTunnel {
    const root = resource.metadata.name;
    return new RootTunnel({
      url: tunnelUrl(resource.spec.tunnel_addr, resource.spec.web_proxy_addr, clusterTunnelPath),
      cluster: this.o.localName,
      credentials,
      report: this.o.report,
      onRequest: (stream, caller) => this.callers.serve(this.o.server(), stream, root, caller),
      onIssued,
      log: (m) => this.o.log(`trusted cluster ${root}: ${m}`),
      ...(this.o.backoff && { backoff: this.o.backoff }),
    });
  }

  private stopTunnel(name: string): void {
    this.tunnels.get(name)?.stop();
    this.tunnels.delete(name);
  }

  /** The resource as stored: its token replaced once used, since the identity is what reconnects now. */
  private render(resource: TrustedClusterResource, joined: boolean): string {
    return stringify(joined ? { ...resource, spec: { ...resource.spec, token: usedToken } } : resource);
  }
}
