import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { kubeStatus } from '../../../agent/kube/status';
import { recordEvent } from '../../../management/audit/record';
import type { Gateway } from '../../../platform/server/context';
import { forwardRequest, responseHeaders } from '../../../platform/http/forward';
import { relayUpgrade, responseHead } from '../../../platform/http/upgradeRelay';
import { dialThroughAgent } from '../../connectors/agent/dialStream';
import type { AgentRegistry } from '../../connectors/agent/registry';
import { ResourceRefusedError, ResourceUnreachableError } from '../../core/connectors';
import { holdIncoming } from '../../core/socket';
import { kubeClusterKind } from '../kind';
import type { KubeClusterRecord, KubeClusterRepo } from '../repo';
import { channelProtocols } from '../session/channelProtocol';
import { KubectlTerminal } from '../session/kubectlTerminal';
import type { KubeSessions } from '../session/kubeSessions';
import { authoriseKubeRequest, type Authorised, type Unauthorised } from './authorise';
import { execTargetOf } from './execTarget';
import { upstreamHeaders } from './forward';
import { kubeApiTarget } from './paths';
import type { KubeApiServer } from './apiServer';

/** kubectl's first terminal size comes in its first resize message; until then, the usual default. */
const defaultTerm = { w: 80, h: 24 };

/**
 * The Kubernetes API for kubectl, cluster by cluster, through the agents serving them. Every request is
 * authorised here (authorise.ts) and audited as kube.request with the status kubectl got. exec and attach on a
 * terminal become sessions of the session core (recorded, listed, joinable); other upgrades (exec without a
 * terminal, port-forward) are relayed as they are.
 */
export class KubeApiProxy implements KubeApiServer {
  private readonly upgrades = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    handleProtocols: (offered) => channelProtocols.find((p) => offered.has(p)) ?? false,
  });

  constructor(
    private readonly gw: Gateway,
    private readonly clusters: KubeClusterRepo,
    private readonly agents: AgentRegistry,
    private readonly sessions: KubeSessions,
  ) {}

  async request(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decided = await authoriseKubeRequest(this.gw, this.clusters, req);
    if ('status' in decided) {
      this.audit(req, decided, decided.status);
      res.writeHead(decided.status, { 'content-type': 'application/json', warning: refusalWarning(decided.message) });
      return void res.end(kubeStatus(decided.status, decided.message));
    }
    let link: Duplex;
    try {
      link = await this.dial(decided.cluster);
    } catch (err) {
      return this.unreachable(req, decided, err, (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      });
    }
    forwardRequest(req, res, link, {
      path: decided.path,
      headers: upstreamHeaders(req, decided.as, false),
      failed: (err) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(kubeStatus(502, `the cluster's agent broke off: ${err.message}`));
      },
      done: (status) => this.audit(req, decided, status),
    });
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const decided = await authoriseKubeRequest(this.gw, this.clusters, req);
    const answer = (status: number, body: string) => void socket.end(responseHead(status, undefined, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body)), 'Connection', 'close']) + body);
    if ('status' in decided) {
      this.audit(req, decided, decided.status);
      return answer(decided.status, kubeStatus(decided.status, decided.message));
    }
    const target = execTargetOf(decided.path);
    if (target?.tty && req.headers.upgrade?.toLowerCase() === 'websocket') {
      return this.upgrades.handleUpgrade(req, socket, head, (ws) => {
        this.audit(req, decided, 101);
        const terminal = new KubectlTerminal(ws);
        void this.sessions.open(terminal, holdIncoming(terminal), { ...decided, target, term: defaultTerm, remoteAddr: remoteAddrOf(req) });
      });
    }
    if (target?.tty) return answer(400, kubeStatus(400, 'a terminal session through the gateway needs kubectl 1.30 or later (exec over websockets, which the gateway records); SPDY exec cannot be recorded'));
    let link: Duplex;
    try {
      link = await this.dial(decided.cluster);
    } catch (err) {
      return this.unreachable(req, decided, err, answer);
    }
    const upstream = request({ createConnection: () => link as Socket, method: req.method, path: decided.path, headers: upstreamHeaders(req, decided.as, true) });
    relayUpgrade(upstream, socket, head, {
      headers: responseHeaders,
      failed: (err) => answer(502, kubeStatus(502, `the cluster's agent broke off: ${err.message}`)),
      done: (status) => this.audit(req, decided, status),
    });
    upstream.end();
  }

  private dial(cluster: KubeClusterRecord): Promise<Duplex> {
    return dialThroughAgent(this.agents, { agentId: cluster.agentId, kind: kubeClusterKind, id: cluster.id, request: { op: 'dial' }, what: `Kubernetes cluster ${cluster.name}` });
  }

  private unreachable(req: IncomingMessage, decided: Authorised, err: unknown, answer: (status: number, body: string) => void): void {
    if (!(err instanceof ResourceUnreachableError) && !(err instanceof ResourceRefusedError)) throw err;
    this.audit(req, decided, 503);
    answer(503, kubeStatus(503, err.message));
  }

  /** kube.request: who asked what of which cluster, as whom, and the status they got. */
  private audit(req: IncomingMessage, decided: Authorised | Unauthorised, status: number): void {
    const identity = decided.identity;
    if (!identity) return;
    const cluster = 'as' in decided ? decided.cluster.name : decided.cluster;
    // A refusal is audited with the API path too, as an allowed request is, not the gateway's own prefix.
    const path = 'as' in decided ? decided.path : (kubeApiTarget(req.url ?? '')?.path ?? req.url ?? '');
    void recordEvent(this.gw.store, 'KUBE_REQUEST', {
      user: identity.user.name,
      kubernetes_cluster: cluster ?? '',
      verb: req.method ?? 'GET',
      request_path: path.split('?')[0] ?? path,
      response_code: status,
      ...('as' in decided ? { kubernetes_users: [decided.as.user], kubernetes_groups: decided.as.groups } : { error: decided.message }),
      'addr.remote': remoteAddrOf(req),
    }).catch((err: Error) => process.emitWarning(`could not audit a Kubernetes request: ${err.message}`));
  }
}

/**
 * The refusal again as an API warning (RFC 7234's Warning, code 299), which kubectl prints as it comes: its
 * discovery requests, the first a refused user makes, report a refusal's Status only as "unknown".
 */
const refusalWarning = (message: string) => `299 - ${JSON.stringify(message.replace(/[^\x20-\x7e]/g, '?'))}`;

const remoteAddrOf = (req: IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
