import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { recordEvent } from '../../../management/audit/record';
import type { NodeRepo } from '../../nodes/repo';
import { hashSecret, newSecret, sameSecret } from '../../../management/websessions/secrets';
import type { Store } from '../../../platform/storage/store';
import type { JoinTokenService } from '../../../management/tokens/service';
import { Mux } from '../../../agent/tunnel/mux';
import { heartbeatMessage, helloMessage, rejectCloseCode, type HelloMessage } from '../../../agent/tunnel/requests';

export interface AgentRegistryOptions {
  heartbeatMs: number;
  /** A node stays listed this many missed heartbeats after the last one (it leaves at once on disconnect). */
  missedHeartbeats?: number;
}

/** How long an agent has to say hello before the gateway hangs up. */
const helloTimeoutMs = 10_000;

/**
 * The gateway's end of agent tunnels: authenticates each agent (join token once, then the identity issued in
 * return), keeps its node registered while it heartbeats, and hands out its connection to open streams on.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, Mux>();

  constructor(
    private readonly store: Store,
    private readonly nodes: NodeRepo,
    private readonly tokens: JoinTokenService,
    private readonly now: () => number,
    private readonly options: AgentRegistryOptions,
  ) {}

  /** The live tunnel to a node's agent, if it is connected to this gateway. */
  connection(nodeId: string): Mux | undefined {
    return this.agents.get(nodeId);
  }

  get connectedCount(): number {
    return this.agents.size;
  }

  accept(socket: WebSocket, remoteAddr: string): void {
    const mux = new Mux(socket, 'gateway');
    const timer = setTimeout(() => mux.close(rejectCloseCode, 'no hello received'), helloTimeoutMs);
    mux.once('message', (raw) => {
      clearTimeout(timer);
      const hello = helloMessage.safeParse(raw);
      if (!hello.success) {
        mux.close(rejectCloseCode, `bad hello: ${hello.error.issues[0]?.message ?? 'unknown'}`);
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

  private async admit(mux: Mux, hello: HelloMessage, remoteAddr: string): Promise<void> {
    const now = this.now();
    let nodeId: string;
    let issued: { nodeId: string; secret: string } | undefined;
    let extraLabels: Record<string, string> = {};
    if (hello.identity) {
      const stored = await this.nodes.secretHash(hello.identity.nodeId);
      if (!stored || !sameSecret(stored, hashSecret(hello.identity.secret))) {
        mux.close(rejectCloseCode, 'unknown or revoked agent identity');
        return;
      }
      nodeId = hello.identity.nodeId;
    } else {
      const token = hello.joinToken ? await this.tokens.find(hello.joinToken) : undefined;
      if (!token) {
        await recordEvent(this.store, 'INSTANCE_JOIN_FAILURE', { node_name: hello.hostname, method: 'token', error: 'invalid or expired join token', 'addr.remote': remoteAddr }, now);
        mux.close(rejectCloseCode, 'invalid or expired join token');
        return;
      }
      issued = { nodeId: randomUUID(), secret: newSecret() };
      nodeId = issued.nodeId;
      extraLabels = token.suggestedLabels;
    }
    const node = {
      id: nodeId,
      hostname: hello.hostname,
      addr: hello.addr || remoteAddr,
      tunnel: true,
      labels: { ...extraLabels, ...hello.labels, ...hello.commandLabels },
      expiresAt: this.expiry(),
      ...(issued ? { secretHash: hashSecret(issued.secret) } : {}),
    };
    await this.nodes.upsert(node, now);
    if (issued) await recordEvent(this.store, 'INSTANCE_JOIN', { node_name: hello.hostname, role: 'Node', method: 'token', server_id: nodeId, 'addr.remote': remoteAddr }, now);
    if (mux.isClosed) return;

    this.agents.get(nodeId)?.close(4409, 'replaced by a newer connection of the same agent');
    this.agents.set(nodeId, mux);
    mux.send({ type: 'welcome', nodeId, heartbeatMs: this.options.heartbeatMs, ...(issued ? { identity: issued } : {}) });

    let labels = node.labels;
    mux.on('message', (raw) => {
      const beat = heartbeatMessage.safeParse(raw);
      if (!beat.success) return;
      const next = { ...extraLabels, ...hello.labels, ...beat.data.commandLabels };
      const changed = JSON.stringify(next) !== JSON.stringify(labels);
      labels = next;
      const write = changed ? this.nodes.upsert({ ...node, labels, expiresAt: this.expiry() }, this.now()) : this.nodes.touch(nodeId, this.expiry(), this.now());
      write.catch(() => undefined); // a missed refresh only shortens the node's listing; the next beat retries
    });
    mux.keepAlive(this.options.heartbeatMs);
    mux.once('close', () => {
      if (this.agents.get(nodeId) !== mux) return;
      this.agents.delete(nodeId);
      // The node leaves the lists as soon as its agent is gone.
      this.nodes.touch(nodeId, this.now(), this.now()).catch(() => undefined);
    });
  }
}
