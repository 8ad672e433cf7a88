import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import WebSocket from 'ws';
import { tunnelClientOptions } from './tunnel/clientOptions';
import { Mux } from './tunnel/mux';
import { rejectCloseCode, streamRequest, welcomeMessage, type HelloMessage, type WelcomeMessage } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';
import { backoffDelay } from './backoff';
import { readIdentity, writeIdentity, type AgentIdentity } from './identity';
import { computeCommandLabels } from './labels';
import type { AgentApp } from './apps';
import { serveApp } from './appService';
import { serveDatabase } from './databaseService';
import { announcedDesktopOf, type AgentDesktop } from './desktops';
import type { OpenRdp } from './desktops/endpoint';
import { serveDesktop } from './desktopService';
import type { AgentKubeCluster } from './kubeClusters';
import { serveKube } from './kubeService';
import { announcedDatabaseOf, type AgentDatabase } from './databases';
import { serveNode } from './nodeService';
import { refuseBadRequest } from './refuseBadRequest';

export interface AgentOptions {
  /** The gateway's public URL (http or https); the agent dials its websocket on the same port. */
  gateway: string;
  /** Join token, needed only until the gateway has issued this host an identity. */
  token?: string;
  /** Where the issued identity is kept. */
  dataDir: string;
  labels: Record<string, string>;
  /** Label name → shell command whose output is the label's value, refreshed every commandLabelIntervalMs. */
  commandLabels: Record<string, string>;
  commandLabelIntervalMs?: number;
  /** Applications served beside the node, announced with the same labels. */
  apps?: AgentApp[];
  /** Databases served beside the node (--db), announced with the same labels. */
  databases?: AgentDatabase[];
  /** The database service's matchers (--db-match): enrolled databases whose labels they select are served too. */
  databaseMatchers?: Record<string, string[]>;
  /** Desktops served beside the node (--desktop), announced with the same labels. */
  desktops?: AgentDesktop[];
  /** Kubernetes clusters served beside the node (--kube), announced with the same labels. */
  kubeClusters?: AgentKubeCluster[];
  /** Draws an rdp:// desktop into a VNC server of the agent's for one session; without it RDP sessions are refused. */
  openRdp?: OpenRdp;
  hostname?: string;
  /** Reconnect backoff bounds in ms (tests shorten them). */
  backoff?: { first: number; max: number };
  log?: (message: string) => void;
}

export interface AgentEvents {
  /** Accepted: the agent's id and the id the gateway gave each resource it serves. */
  connected: [welcome: Pick<WelcomeMessage, 'agentId' | 'resources'>];
  disconnected: [reason: string];
  /** The gateway refused this agent's credentials and there is nothing left to retry with. */
  rejected: [message: string];
}

/** The tunnel path on the gateway's public port. */
export const agentTunnelPath = '/v1/agent/tunnel';

/**
 * The node agent: dials out to the gateway (so it works behind NAT), proves itself, registers the host,
 * heartbeats, serves shells, exec, file transfer and connections to its apps on streams the gateway opens, and reconnects with
 * backoff whenever the connection drops.
 */
export class Agent extends EventEmitter<AgentEvents> {
  private socket: WebSocket | undefined;
  private mux: Mux | undefined;
  private attempt = 0;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private labelTimer: NodeJS.Timeout | undefined;
  private commandLabelValues: Record<string, string> = {};
  private identity: AgentIdentity | undefined;
  /** The apps served, by the id the gateway gave each in its welcome (streams name resources by id). */
  private appsById = new Map<string, AgentApp>();
  /** The --db databases served, by the id the gateway gave each. */
  private databasesById = new Map<string, AgentDatabase>();
  /** The --desktop desktops served, by the id the gateway gave each. */
  private desktopsById = new Map<string, AgentDesktop>();
  /** The --kube clusters served, by the id the gateway gave each. */
  private kubeClustersById = new Map<string, AgentKubeCluster>();
  private readonly hostname: string;
  private readonly log: (message: string) => void;
  /** What this agent serves, by resource kind: the stream requests of each kind go to its service. */
  private readonly services: Record<string, (stream: MuxStream, request: unknown, id: string) => Promise<void>> = {
    node: (stream, request) => serveNode(stream, request, this.hostname),
    app: async (stream, request, id) => serveApp(stream, request, this.appsById.get(id)),
    db: async (stream, request, id) => serveDatabase(stream, request, this.databasesById.get(id), this.options.databaseMatchers !== undefined),
    windows_desktop: async (stream, request, id) => serveDesktop(stream, request, this.desktopsById.get(id), this.options.openRdp),
    kube_cluster: async (stream, request, id) => serveKube(stream, request, this.kubeClustersById.get(id)?.forwarder),
  };

  constructor(private readonly options: AgentOptions) {
    super();
    this.hostname = options.hostname ?? os.hostname();
    this.identity = readIdentity(options.dataDir);
    this.log = options.log ?? ((m) => console.error(`[agent] ${m}`));
    if (!this.identity && !options.token) throw new Error('a join token (--token) is needed the first time an agent connects');
  }

  get agentId(): string | undefined {
    return this.identity?.agentId;
  }

  async start(): Promise<void> {
    this.commandLabelValues = await computeCommandLabels(this.options.commandLabels);
    this.labelTimer = setInterval(() => void this.refreshCommandLabels(), this.options.commandLabelIntervalMs ?? 60_000);
    this.labelTimer.unref();
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.labelTimer);
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1000, 'agent stopping');
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000).unref();
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const url = new URL(agentTunnelPath, this.options.gateway);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, tunnelClientOptions);
    this.socket = socket;
    const usingToken = !this.identity;
    let addr = '';
    socket.on('upgrade', (response) => (addr = localAddressOf(response)));
    socket.on('open', () => {
      const mux = new Mux(socket, 'agent', this.log);
      this.mux = mux;
      mux.on('message', (message) => this.onMessage(message));
      mux.on('stream', (stream, request) => void this.onStream(stream, request));
      mux.send(this.hello(addr));
    });
    // Once the tunnel is up, its mux logs why it ended.
    socket.on('error', (err) => {
      if (!this.mux) this.log(`connection to ${url.host} failed: ${err.message}`);
    });
    socket.on('close', (code, reason) => {
      this.mux = undefined;
      const why = reason.toString() || `code ${code}`;
      this.emit('disconnected', why);
      if (code === rejectCloseCode && !this.onRejected(usingToken, why)) return;
      this.scheduleReconnect();
    });
  }

  /** Decides whether a refusal leaves anything to retry with. */
  private onRejected(usingToken: boolean, why: string): boolean {
    this.log(`the gateway refused this agent: ${why}`);
    if (!usingToken && this.options.token) {
      this.identity = undefined; // the issued identity was revoked; the join token may still be good
      return true;
    }
    this.stopped = true;
    this.emit('rejected', why);
    return false;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt++, this.options.backoff?.first, this.options.backoff?.max);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private hello(addr: string): HelloMessage {
    return {
      type: 'hello',
      version: 2,
      ...(this.identity ? { identity: this.identity } : { joinToken: this.options.token }),
      hostname: this.hostname,
      // The node this agent runs on; further kinds announce their resources beside it.
      resources: [
        { kind: 'node', name: this.hostname, addr, labels: this.options.labels },
        ...(this.options.apps ?? []).map((a) => ({
          kind: 'app',
          name: a.name,
          addr: '',
          labels: this.options.labels,
          app: { uri: a.uri, ...(a.publicAddr && { publicAddr: a.publicAddr }), ...(a.description && { description: a.description }) },
        })),
        ...(this.options.databases ?? []).map((d) => ({ kind: 'db', name: d.name, addr: '', labels: this.options.labels, db: announcedDatabaseOf(d) })),
        ...(this.options.databaseMatchers ? [{ kind: 'db_service', name: this.hostname, addr: '', labels: {}, dbService: { matchers: this.options.databaseMatchers } }] : []),
        ...(this.options.desktops ?? []).map((d) => ({ kind: 'windows_desktop', name: d.name, addr: '', labels: this.options.labels, desktop: announcedDesktopOf(d) })),
        // The desktop service: this agent, as the list of agents serving desktops shows it.
        ...(this.options.desktops?.length ? [{ kind: 'windows_desktop_service', name: this.hostname, addr, labels: this.options.labels }] : []),
        ...(this.options.kubeClusters ?? []).map((k) => ({ kind: 'kube_cluster', name: k.name, addr: '', labels: this.options.labels })),
      ],
      commandLabels: this.commandLabelValues,
    };
  }

  private onMessage(raw: Record<string, unknown>): void {
    const welcome = welcomeMessage.safeParse(raw);
    if (!welcome.success) return;
    if (welcome.data.identity) {
      this.identity = welcome.data.identity;
      writeIdentity(this.options.dataDir, this.identity);
    }
    this.attempt = 0;
    this.mux?.keepAlive(welcome.data.heartbeatMs, () => this.mux?.send({ type: 'heartbeat', commandLabels: this.commandLabelValues }));
    const { agentId, resources } = welcome.data;
    const apps = new Map((this.options.apps ?? []).map((a) => [a.name, a]));
    this.appsById = new Map(resources.flatMap((r) => (r.kind === 'app' && apps.has(r.name) ? [[r.id, apps.get(r.name)!] as const] : [])));
    const databases = new Map((this.options.databases ?? []).map((d) => [d.name, d]));
    this.databasesById = new Map(resources.flatMap((r) => (r.kind === 'db' && databases.has(r.name) ? [[r.id, databases.get(r.name)!] as const] : [])));
    const desktops = new Map((this.options.desktops ?? []).map((d) => [d.name, d]));
    this.desktopsById = new Map(resources.flatMap((r) => (r.kind === 'windows_desktop' && desktops.has(r.name) ? [[r.id, desktops.get(r.name)!] as const] : [])));
    const kubeClusters = new Map((this.options.kubeClusters ?? []).map((k) => [k.name, k]));
    this.kubeClustersById = new Map(resources.flatMap((r) => (r.kind === 'kube_cluster' && kubeClusters.has(r.name) ? [[r.id, kubeClusters.get(r.name)!] as const] : [])));
    this.log(`connected as agent ${agentId}, serving ${resources.map((r) => `${r.kind} ${r.name} (${r.id})`).join(', ')}`);
    this.emit('connected', { agentId, resources });
  }

  private async refreshCommandLabels(): Promise<void> {
    this.commandLabelValues = await computeCommandLabels(this.options.commandLabels);
  }

  /** Hands a stream the gateway opened to the service of the resource kind its request names. */
  private async onStream(stream: MuxStream, raw: Record<string, unknown>): Promise<void> {
    const parsed = streamRequest.safeParse(raw);
    const service = parsed.success ? this.services[parsed.data.kind] : undefined;
    if (!parsed.success || !service) {
      const why = parsed.success ? `this agent serves no ${parsed.data.kind}` : (parsed.error.issues[0]?.message ?? 'unknown');
      refuseBadRequest(stream, why);
      return;
    }
    await service(stream, parsed.data.request, parsed.data.id);
  }
}

/**
 * The address this host reaches the gateway from: the local end of the tunnel's connection, which is the
 * interface that routes to the gateway (loopback when both run on one machine), rather than whichever
 * interface happens to be listed first.
 */
function localAddressOf(response: IncomingMessage): string {
  const address = response.socket.localAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
