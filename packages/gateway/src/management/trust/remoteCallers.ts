import type { Server } from 'node:http';
import type { MuxStream } from '../../agent/tunnel/stream';
import { duplexOf } from '../../agent/tunnel/streamDuplex';
import type { Identity } from '../../platform/access/identity';
import { emptyTraits, type Traits } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import { RoleSet } from '../roles/roleset';
import { mapRoles, type RoleMap } from './model';
import type { RemoteCaller } from './protocol';

/** How long the identity of a root user's connection is good for before it must be made again (roles may change). */
const identityTtlMs = 60_000;

/**
 * On a leaf: the connections that arrived through a root's tunnel, each carrying a root user's request, and who
 * that user is here. Only streams of a root's tunnel are ever in the map, so no client of the leaf's own port can
 * pose as one. The user's roles go through the trusted cluster's role map; the leaf's own roles then decide.
 */
export class RemoteCallers {
  private readonly connections = new WeakMap<object, { root: string; caller: RemoteCaller }>();
  /** Each trusted root's role map, as its trusted cluster resource says now. */
  private readonly roleMaps = new Map<string, RoleMap>();

  constructor(
    private readonly store: Store,
    private readonly localName: string,
    private readonly now: () => number,
  ) {}

  /** The role map a root's users come through (undefined: that root is no longer trusted, and maps nothing). */
  setRoleMap(root: string, roleMap: RoleMap | undefined): void {
    if (roleMap) this.roleMaps.set(root, roleMap);
    else this.roleMaps.delete(root);
  }

  /** Hands a root user's stream to the leaf's own web server, as a connection of its own. */
  serve(server: Server, stream: MuxStream, root: string, caller: RemoteCaller): void {
    const link = Object.assign(duplexOf(stream), { remoteAddress: caller.remoteAddr });
    stream.accept();
    link.dialed();
    this.connections.set(link, { root, caller });
    server.emit('connection', link);
  }

  /** The identity of a root user's connection, undefined for any other connection. */
  async identify(connection: object): Promise<Identity | undefined> {
    const found = this.connections.get(connection);
    if (!found) return undefined;
    const { root, caller } = found;
    const local = mapRoles(this.roleMaps.get(root) ?? [], caller.roles);
    const traits: Traits = { ...emptyTraits(), ...caller.traits };
    const now = this.now();
    return {
      user: { name: caller.user, roles: local, traits, authType: 'local', passwordHash: null, failedLogins: 0, lockedUntil: null, createdAt: now },
      session: { idHash: `remote:${root}:${caller.user}`, username: caller.user, loginTime: now, createdAt: now, expiresAt: now + identityTtlMs, lastActive: now, mfaVerified: false, accessRequestIds: [] },
      roles: new RoleSet(await this.store.roles.getMany(local), traits),
      fromCluster: root,
      ...(local.length
        ? {}
        : { unmappedBecause: `access denied: your roles on cluster ${root} (${caller.roles.join(', ') || 'none'}) map to no role of cluster ${this.localName} (its role_map)` }),
    };
  }
}
