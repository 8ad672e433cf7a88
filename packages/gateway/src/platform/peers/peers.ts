import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { tunnelClientOptions } from '../../agent/tunnel/clientOptions';
import { Mux } from '../../agent/tunnel/mux';
import { splice } from '../../agent/tunnel/splice';
import type { MuxStream } from '../../agent/tunnel/stream';
import { hashSecret, newSecret, sameSecret } from '../../management/websessions/secrets';
import type { Store } from '../storage/store';
import type { ClusterBus } from './bus';

/** Where gateways dial each other, on the public port beside the agents' tunnel. */
export const peerTunnelPath = '/v1/peer/tunnel';
const secretKey = 'peer_secret';

/** What opens streams to an agent: its own tunnel, or a peer gateway's tunnel that carries them on to it. */
export interface StreamOpener {
  open(request: Record<string, unknown>, hold?: boolean): MuxStream;
}

/** The agents whose tunnels end at this gateway. */
export interface LocalAgents {
  localConnection(agentId: string): Mux | undefined;
  connectedIds(): Iterable<string>;
}

export interface PeerOptions {
  /** How often this gateway says it is alive; a peer silent for three beats is taken for gone. */
  heartbeatMs: number;
  now: () => number;
  warn: (message: string) => void;
}

/**
 * This gateway among the others on one PostgreSQL database. Each runs a row (its address and heartbeat), keeps a
 * tunnel to every other live one, and records which agents it holds. A stream for an agent held elsewhere goes
 * through the tunnel to the gateway holding it, which joins it to the agent's own stream; agents never need to
 * know how many gateways there are.
 *
 * Gateways authenticate each other with a secret kept in the shared database: whoever can read it can read
 * everything else there too.
 */
export class GatewayPeers {
  readonly id = randomUUID();
  private readonly links = new Map<string, Mux>();
  /** The other live gateways' addresses, by id, as of the last heartbeat. */
  private addrs = new Map<string, string>();
  private readonly dialing = new Set<string>();
  private presence = new Map<string, string>();
  private secret = '';
  private addr = '';
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly bus: ClusterBus,
    private readonly local: LocalAgents,
    private readonly options: PeerOptions,
  ) {
    bus.on('agents', () => void this.loadPresence().catch((err: Error) => options.warn(`could not read where agents are connected: ${err.message}`)));
  }

  /** Joins the others: registers this gateway at `addr` (where they can reach it) and starts beating. */
  async start(addr: string): Promise<void> {
    this.secret = await this.sharedSecret();
    this.addr = addr;
    const now = this.options.now();
    await this.store.db.insertInto('gateway_peers').values({ id: this.id, addr, started_at: now, seen_at: now }).execute();
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch((err: Error) => this.options.warn(`gateway heartbeat failed: ${err.message}`)), this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Leaves: the row goes (so nobody dials a closed gateway) and the tunnels close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const link of this.links.values()) link.close(1001, 'gateway shutting down');
    this.links.clear();
    await this.store.db.deleteFrom('agent_presence').where('gateway_id', '=', this.id).execute();
    await this.store.db.deleteFrom('live_sessions').where('gateway_id', '=', this.id).execute();
    await this.store.db.deleteFrom('gateway_peers').where('id', '=', this.id).execute();
  }

  /** The way to an agent connected to another gateway, if it is connected to a live one. */
  route(agentId: string): StreamOpener | undefined {
    const holder = this.presence.get(agentId);
    const link = holder && holder !== this.id ? this.links.get(holder) : undefined;
    if (!link || link.isClosed) return undefined;
    return { open: (request, hold) => link.open({ agentId, request }, hold) };
  }

  /** Where another live gateway is reached. */
  addressOf(gatewayId: string): string | undefined {
    return this.addrs.get(gatewayId);
  }

  /** This gateway now holds the agent's tunnel; every gateway hears of it when the row is written. */
  async agentConnected(agentId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.db
        .insertInto('agent_presence')
        .values({ agent_id: agentId, gateway_id: this.id, since: this.options.now() })
        .onConflict((oc) => oc.column('agent_id').doUpdateSet({ gateway_id: this.id, since: this.options.now() }))
        .execute();
      await this.bus.publish(tx, 'agents', agentId);
    });
  }

  /** The agent's tunnel here closed; a newer one through another gateway keeps its row. */
  async agentDisconnected(agentId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.db.deleteFrom('agent_presence').where('agent_id', '=', agentId).where('gateway_id', '=', this.id).execute();
      await this.bus.publish(tx, 'agents', agentId);
    });
  }

  /** A peer dialled in: it must hold the shared secret; then each stream it opens is joined to a local agent's. */
  accept(socket: WebSocket, authorization: string | undefined): void {
    const offered = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!this.secret || !offered || !sameSecret(hashSecret(offered), hashSecret(this.secret))) {
      socket.close(4401, 'not a gateway of this cluster');
      return;
    }
    const mux = new Mux(socket, 'agent');
    mux.keepAlive(this.options.heartbeatMs);
    mux.on('stream', (stream, request) => this.carry(stream, request));
  }

  private carry(stream: MuxStream, request: Record<string, unknown>): void {
    const agentId = typeof request.agentId === 'string' ? request.agentId : '';
    const inner = request.request;
    const agent = this.local.localConnection(agentId);
    if (!agent || typeof inner !== 'object' || inner === null) {
      stream.accept();
      stream.reset(`agent ${agentId} is not connected to this gateway`);
      return;
    }
    splice(stream, agent.open(inner as Record<string, unknown>));
    stream.accept();
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const now = this.options.now();
    const stale = now - this.options.heartbeatMs * 3;
    const { numUpdatedRows } = await this.store.db.updateTable('gateway_peers').set({ seen_at: now }).where('id', '=', this.id).executeTakeFirst();
    if (numUpdatedRows === 0n) await this.rejoin(now);
    // A gateway that died without leaving is forgotten, with the agents it held (they reconnect elsewhere).
    const gone = await this.store.db.selectFrom('gateway_peers').select('id').where('seen_at', '<', stale).execute();
    if (gone.length) {
      const ids = gone.map((g) => g.id);
      await this.store.db.deleteFrom('agent_presence').where('gateway_id', 'in', ids).execute();
      await this.store.db.deleteFrom('live_sessions').where('gateway_id', 'in', ids).execute();
      await this.store.db.deleteFrom('gateway_peers').where('id', 'in', ids).execute();
    }
    const live = await this.store.db.selectFrom('gateway_peers').select(['id', 'addr']).where('id', '!=', this.id).execute();
    const liveIds = new Set(live.map((p) => p.id));
    this.addrs = new Map(live.map((p) => [p.id, p.addr]));
    for (const [id, link] of this.links) {
      if (!liveIds.has(id)) {
        link.close(1001, 'peer gone');
        this.links.delete(id);
      }
    }
    for (const peer of live) {
      const link = this.links.get(peer.id);
      if ((!link || link.isClosed) && !this.dialing.has(peer.id)) this.dial(peer.id, peer.addr);
    }
    await this.loadPresence();
  }

  /**
   * The others took this gateway for gone (its event loop was held up for three beats) and deleted its row with
   * the agents it holds, whose tunnels are still up here: it joins again and says where they are, or they would
   * stay unreachable through every other gateway until they reconnected. Its live sessions' rows come back with
   * their next refresh.
   */
  private async rejoin(now: number): Promise<void> {
    this.options.warn('the other gateways had taken this one for gone (no heartbeat for three intervals): joining again');
    await this.store.db.insertInto('gateway_peers').values({ id: this.id, addr: this.addr, started_at: now, seen_at: now }).execute();
    for (const agentId of this.local.connectedIds()) await this.agentConnected(agentId);
  }

  private dial(peerId: string, addr: string): void {
    this.dialing.add(peerId);
    const url = new URL(peerTunnelPath, addr);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, { ...tunnelClientOptions, headers: { authorization: `Bearer ${this.secret}` }, handshakeTimeout: this.options.heartbeatMs });
    socket.on('open', () => {
      this.dialing.delete(peerId);
      const mux = new Mux(socket, 'gateway');
      mux.keepAlive(this.options.heartbeatMs);
      this.links.get(peerId)?.close(1001, 'replaced');
      this.links.set(peerId, mux);
      mux.once('close', () => {
        if (this.links.get(peerId) === mux) this.links.delete(peerId);
      });
    });
    // The next heartbeat dials again while the peer is still listed.
    socket.on('error', (err) => {
      this.dialing.delete(peerId);
      this.options.warn(`could not reach gateway ${addr}: ${err.message}`);
    });
    socket.on('close', () => this.dialing.delete(peerId));
  }

  private async loadPresence(): Promise<void> {
    const rows = await this.store.db.selectFrom('agent_presence').select(['agent_id', 'gateway_id']).execute();
    this.presence = new Map(rows.map((r) => [r.agent_id, r.gateway_id]));
  }

  /** One secret for every gateway of the database: the first to start makes it. */
  private async sharedSecret(): Promise<string> {
    await this.store.db.insertInto('meta').values({ key: secretKey, value: newSecret() }).onConflict((oc) => oc.column('key').doNothing()).execute();
    return (await this.store.meta.get(secretKey))!;
  }
}
