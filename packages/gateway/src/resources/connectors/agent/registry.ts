import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { Mux } from '../../../agent/tunnel/mux';
import { heartbeatMessage, helloMessage, rejectCloseCode, type AnnouncedResource, type HelloMessage } from '../../../agent/tunnel/requests';
import { recordEvent } from '../../../management/audit/record';
import type { JoinTokenService } from '../../../management/tokens/service';
import { hashSecret, newSecret, sameSecret } from '../../../management/websessions/secrets';
import type { GatewayPeers, StreamOpener } from '../../../platform/peers/peers';
import type { Store } from '../../../platform/storage/store';
import { agentRepo } from './repo';

export interface AgentRegistryOptions {
  heartbeatMs: number;
  /** A resource stays listed this many missed heartbeats after the last one (it leaves at once on disconnect). */
  missedHeartbeats?: number;
}

/**
 * How a kind keeps the resources agents announce: registers one (answering its id, the same one each time the
 * same agent announces it again), and keeps every resource an agent serves listed until a time.
 */
export interface Announcements {
  announce(agentId: string, resource: AnnouncedResource, expiresAt: number, now: number): Promise<string>;
  keepUntil(agentId: string, expiresAt: number, now: number): Promise<void>;
}

/** How long an agent has to say hello before the gateway hangs up. */
const helloTimeoutMs = 10_000;

/**
 * The gateway's end of agent tunnels: authenticates each agent (join token once, then the identity issued in
 * return), registers the resources it announces with their kinds while it heartbeats, and hands out its
 * connection to open streams on.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, Mux>();
  private readonly kinds = new Map<string, Announcements>();
  private readonly repo;
  private peers: GatewayPeers | undefined;

  constructor(
    private readonly store: Store,
    private readonly tokens: JoinTokenService,
    private readonly now: () => number,
    private readonly options: AgentRegistryOptions,
  ) {
    this.repo = agentRepo(store);
  }

  /** A kind whose resources agents may announce. */
  acceptAnnouncements(kind: string, announcements: Announcements): void {
    this.kinds.set(kind, announcements);
  }

  /** With other gateways on the database: agents connected to them are reached through them. */
  usePeers(peers: GatewayPeers): void {
    this.peers = peers;
  }

  /** Where to open streams to an agent: its tunnel here, or through the gateway it is connected to. */
  connection(agentId: string): StreamOpener | undefined {
    return this.agents.get(agentId) ?? this.peers?.route(agentId);
  }

  /** The agent's tunnel, if it is connected to this gateway itself. */
  localConnection(agentId: string): Mux | undefined {
    return this.agents.get(agentId);
  }

  /** The agents whose tunnels end here. */
  connectedIds(): Iterable<string> {
    return this.agents.keys();
  }

  accept(socket: WebSocket, remoteAddr: string): void {
    const mux = new Mux(socket, 'gateway');
    const timer = setTimeout(() => mux.close(rejectCloseCode, 'no hello received'), helloTimeoutMs);
    mux.once('message', (raw) => {
      clearTimeout(timer);
      const hello = helloMessage.safeParse(raw);
      const unknownKind = hello.success ? hello.data.resources.find((r) => !this.kinds.has(r.kind))?.kind : undefined;
      if (!hello.success || unknownKind) {
        mux.close(rejectCloseCode, `bad hello: ${unknownKind ? `this gateway serves no ${unknownKind}` : (hello.error?.issues[0]?.message ?? 'unknown')}`);
        return;
      }
      this.admit(mux, hello.data, remoteAddr).catch((err: Error) => mux.close(1011, `registration failed: ${err.message}`));
    });
    mux.once('close', () => clearTimeout(timer));
  }

  async closeAll(): Promise<void> {
    for (const mux of this.agents.values()) mux.close(1001, 'gateway shutting down');
    this.agents.clear();
  }

  private expiry(): number {
    return this.now() + this.options.heartbeatMs * (this.options.missedHeartbeats ?? 3);
  }

  /** Who the agent is: its issued identity, or a new one for a valid join token (with the token's labels). */
  private async identify(hello: HelloMessage, remoteAddr: string): Promise<{ agentId: string; issued?: string; tokenLabels: Record<string, string> } | string> {
    if (hello.identity) {
      const stored = await this.repo.secretHash(hello.identity.agentId);
      if (!stored || !sameSecret(stored, hashSecret(hello.identity.secret))) return 'unknown or revoked agent identity';
      return { agentId: hello.identity.agentId, tokenLabels: {} };
    }
    const found = hello.joinToken ? await this.tokens.find(hello.joinToken) : undefined;
    // A token for a leaf cluster enrols no agent.
    const token = found?.roles.includes('Node') ? found : undefined;
    if (!token) {
      await recordEvent(this.store, 'INSTANCE_JOIN_FAILURE', { node_name: hello.hostname, method: 'token', error: 'invalid or expired join token', 'addr.remote': remoteAddr }, this.now());
      return 'invalid or expired join token';
    }
    const agentId = randomUUID();
    const secret = newSecret();
    await this.repo.create({ id: agentId, secretHash: hashSecret(secret), hostname: hello.hostname }, this.now());
    return { agentId, issued: secret, tokenLabels: token.suggestedLabels };
  }

  private async admit(mux: Mux, hello: HelloMessage, remoteAddr: string): Promise<void> {
    const who = await this.identify(hello, remoteAddr);
    if (typeof who === 'string') return mux.close(rejectCloseCode, who);
    const { agentId, issued, tokenLabels } = who;
    // Labels from the token, then the agent's own, then its commands' (a later source wins a name).
    const labelled = (r: AnnouncedResource, commandLabels: Record<string, string>) => ({ ...r, labels: { ...tokenLabels, ...r.labels, ...commandLabels } });
    const announce = (commandLabels: Record<string, string>) =>
      Promise.all(hello.resources.map(async (r) => ({ kind: r.kind, name: r.name, id: await this.kinds.get(r.kind)!.announce(agentId, labelled(r, commandLabels), this.expiry(), this.now()) })));
    const keepAll = (expiresAt: number) => Promise.all([...this.kinds.values()].map((k) => k.keepUntil(agentId, expiresAt, this.now())));

    const resources = await announce(hello.commandLabels);
    if (issued) {
      for (const r of resources) {
        await recordEvent(this.store, 'INSTANCE_JOIN', { node_name: r.name, role: 'Node', method: 'token', server_id: r.id, 'addr.remote': remoteAddr }, this.now());
      }
    }
    if (mux.isClosed) return;

    this.agents.get(agentId)?.close(4409, 'replaced by a newer connection of the same agent');
    this.agents.set(agentId, mux);
    // Other gateways route to it through this one from now on; until they hear of it, it looks offline there.
    this.peers?.agentConnected(agentId).catch((err: Error) => process.emitWarning(`could not record agent ${agentId} as connected here: ${err.message}`));
    mux.send({ type: 'welcome', agentId, heartbeatMs: this.options.heartbeatMs, resources, ...(issued ? { identity: { agentId, secret: issued } } : {}) });

    let commandLabels = hello.commandLabels;
    mux.on('message', (raw) => {
      const beat = heartbeatMessage.safeParse(raw);
      if (!beat.success) return;
      const changed = JSON.stringify(beat.data.commandLabels) !== JSON.stringify(commandLabels);
      commandLabels = beat.data.commandLabels;
      // A missed refresh only shortens the listing; the next beat retries.
      (changed ? announce(commandLabels) : keepAll(this.expiry())).catch(() => undefined);
    });
    mux.keepAlive(this.options.heartbeatMs);
    mux.once('close', () => {
      if (this.agents.get(agentId) !== mux) return;
      this.agents.delete(agentId);
      this.peers?.agentDisconnected(agentId).catch(() => undefined);
      // Its resources leave the lists as soon as the agent is gone.
      keepAll(this.now()).catch(() => undefined);
    });
  }
}
