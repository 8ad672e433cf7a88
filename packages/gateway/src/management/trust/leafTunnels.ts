import type { WebSocket } from 'ws';
import { Mux } from '../../agent/tunnel/mux';
import { rejectCloseCode } from '../../agent/tunnel/requests';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import type { JoinTokenService } from '../tokens/service';
import { hashSecret, newSecret, sameSecret } from '../websessions/secrets';
import { leafHeartbeat, leafHello, type LeafHello } from './protocol';
import { remoteClusterRepo, type RemoteCluster, type RemoteClusterRepo } from './remoteClusters';

/** How long a leaf has to say hello before the root hangs up. */
const helloTimeoutMs = 10_000;

/** A leaf as the root lists it: what it last reported, and whether its tunnel is up now. */
export interface LeafStatus extends RemoteCluster {
  online: boolean;
}

/**
 * The root's end of leaf tunnels: authenticates each leaf (the root's join token once, then the identity issued
 * in return), keeps its tunnel for opening streams to it, and what it reports (node count, address, version)
 * for the cluster list. Only one tunnel per leaf name: a newer connection of the same leaf replaces the older.
 */
export class LeafTunnels {
  private readonly repo: RemoteClusterRepo;
  private readonly tunnels = new Map<string, Mux>();
  private readonly known = new Map<string, RemoteCluster>();

  constructor(
    private readonly store: Store,
    private readonly tokens: JoinTokenService,
    private readonly localName: string,
    private readonly now: () => number,
    private readonly heartbeatMs: number,
  ) {
    this.repo = remoteClusterRepo(store);
  }

  /** Reads the leaves that joined before, so the list shows them (offline) before they reconnect. */
  async load(): Promise<void> {
    for (const c of await this.repo.list()) this.known.set(c.name, c);
  }

  list(): LeafStatus[] {
    return [...this.known.values()].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ ...c, online: this.tunnels.has(c.name) }));
  }

  /** The live tunnel to a leaf, if it is connected. */
  connection(name: string): Mux | undefined {
    return this.tunnels.get(name);
  }

  has(name: string): boolean {
    return this.known.has(name);
  }

  accept(socket: WebSocket, remoteAddr: string): void {
    const mux = new Mux(socket, 'gateway');
    const timer = setTimeout(() => mux.close(rejectCloseCode, 'no hello received'), helloTimeoutMs);
    mux.once('message', (raw) => {
      clearTimeout(timer);
      const hello = leafHello.safeParse(raw);
      if (!hello.success) return mux.close(rejectCloseCode, `bad hello: ${hello.error.issues[0]?.message ?? 'unknown'}`);
      this.admit(mux, hello.data, remoteAddr).catch((err: Error) => mux.close(1011, `joining failed: ${err.message}`));
    });
    mux.once('close', () => clearTimeout(timer));
  }

  closeAll(): void {
    for (const mux of this.tunnels.values()) mux.close(1001, 'gateway shutting down');
    this.tunnels.clear();
  }

  /** The leaf's identity, a new one for a valid token, or why not (said to the leaf, and audited for a token). */
  private async identify(hello: LeafHello, remoteAddr: string): Promise<{ issued?: string } | string> {
    if (hello.secret !== undefined) {
      const stored = await this.repo.secretHash(hello.cluster);
      return stored && sameSecret(stored, hashSecret(hello.secret)) ? {} : `cluster ${hello.cluster} is not trusted here (unknown or removed identity): join it again with a new token`;
    }
    const refuse = async (error: string) => {
      await recordEvent(this.store, 'INSTANCE_JOIN_FAILURE', { node_name: hello.cluster, role: 'Trusted_cluster', method: 'token', error, 'addr.remote': remoteAddr }, this.now());
      return error;
    };
    const token = await this.tokens.find(hello.joinToken!);
    if (!token || !token.roles.includes('Trusted_cluster')) return refuse('invalid or expired join token (a trusted cluster needs a token with roles [Trusted_cluster])');
    if (hello.cluster === this.localName) return refuse(`cluster ${hello.cluster} has the root cluster's own name: rename one of them`);
    if (this.known.has(hello.cluster) || (await this.repo.secretHash(hello.cluster))) return refuse(`a cluster named ${hello.cluster} has already joined: each leaf needs a name of its own`);
    const secret = newSecret();
    const cluster = { name: hello.cluster, lastConnected: this.now(), nodeCount: hello.nodeCount, publicUrl: hello.publicUrl, version: hello.gatewayVersion };
    await this.repo.create({ ...cluster, secretHash: hashSecret(secret) }, this.now());
    this.known.set(cluster.name, cluster);
    await recordEvent(this.store, 'INSTANCE_JOIN', { node_name: hello.cluster, role: 'Trusted_cluster', method: 'token', 'addr.remote': remoteAddr }, this.now());
    return { issued: secret };
  }

  private async admit(mux: Mux, hello: LeafHello, remoteAddr: string): Promise<void> {
    const who = await this.identify(hello, remoteAddr);
    if (typeof who === 'string') return mux.close(rejectCloseCode, who);
    if (mux.isClosed) return;
    const name = hello.cluster;
    const seen = async (nodeCount: number, extra: { publicUrl?: string; version?: string } = {}) => {
      const at = { lastConnected: this.now(), nodeCount, ...extra };
      const known = this.known.get(name);
      if (known) this.known.set(name, { ...known, ...at });
      await this.repo.seen(name, at);
    };
    await seen(hello.nodeCount, { publicUrl: hello.publicUrl, version: hello.gatewayVersion });
    this.tunnels.get(name)?.close(4409, 'replaced by a newer connection of the same cluster');
    this.tunnels.set(name, mux);
    mux.send({ type: 'welcome', root: this.localName, heartbeatMs: this.heartbeatMs, ...(who.issued ? { secret: who.issued } : {}) });
    mux.on('message', (raw) => {
      const beat = leafHeartbeat.safeParse(raw);
      if (beat.success) seen(beat.data.nodeCount).catch(() => undefined);
    });
    mux.keepAlive(this.heartbeatMs);
    mux.once('close', () => {
      if (this.tunnels.get(name) === mux) this.tunnels.delete(name);
    });
  }
}
