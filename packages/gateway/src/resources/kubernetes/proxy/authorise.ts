import type { IncomingMessage } from 'node:http';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import { markLocked } from '../../../management/locks/subject';
import { sessionMfaRequired } from '../../core/sessionMfa';
import { impersonationFor, type Impersonation } from '../impersonation';
import { kubeListRefusal } from '../kind';
import type { KubeClusterRecord, KubeClusterRepo } from '../repo';
import { kubeApiTarget } from './paths';

/** A request the gateway may pass to a cluster: who asks, which cluster, as whom, and the API path. */
export interface Authorised {
  identity: Identity;
  cluster: KubeClusterRecord;
  as: Impersonation;
  path: string;
}

/** Why not, as an HTTP status and a sentence kubectl prints; `identity` once the caller is known (for the audit). */
export interface Unauthorised {
  status: 401 | 403 | 404;
  message: string;
  identity?: Identity;
  cluster?: string;
}

const bearerOf = (req: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** Impersonation headers other than user and groups (Impersonate-Uid, Impersonate-Extra-*), which no role grants. */
const otherImpersonation = (req: IncomingMessage) => Object.keys(req.headers).find((h) => h.startsWith('impersonate-') && h !== 'impersonate-user' && h !== 'impersonate-group');

/**
 * Decides a kubectl request: the bearer is the web session's secret that `portcullis kube credentials` hands
 * kubectl (the session's own lifetime, locks and roles apply); the cluster must be one the roles reach (a missing
 * one and one beyond the roles get the same 404); the impersonation asked (--as, --as-group) must be granted.
 * Per-session MFA cannot be given through kubectl, so roles requiring it refuse kubectl outright rather than let it in unchecked.
 */
export async function authoriseKubeRequest(gw: Gateway, clusters: KubeClusterRepo, req: IncomingMessage): Promise<Authorised | Unauthorised> {
  const target = kubeApiTarget(req.url ?? '');
  if (!target) return { status: 404, message: 'the path names no Kubernetes cluster: expected /v1/kube/NAME/…' };
  const secret = bearerOf(req);
  const identity = secret ? markLocked(await gw.webSessions.resolve(secret), gw.locks) : undefined;
  if (!identity) return { status: 401, message: 'Unauthorized: your Portcullis session is missing or has expired; run portcullis login, then portcullis kube login ' + target.cluster, cluster: target.cluster };
  const refused = (status: 403 | 404, message: string): Unauthorised => ({ status, message, identity, cluster: target.cluster });
  if (identity.lockedBecause) return refused(403, identity.lockedBecause);
  if (sessionMfaRequired(identity)) {
    return refused(403, 'your roles require a second factor for each session, which kubectl cannot give: open a terminal on the pod from the console instead');
  }
  const cluster = (await clusters.byName(target.cluster, gw.now())).find((c) => !kubeListRefusal(identity, c));
  if (!cluster) return refused(404, `no Kubernetes cluster ${target.cluster} that you may reach (it may be offline)`);
  const other = otherImpersonation(req);
  if (other) return refused(403, `the gateway decides whom requests impersonate: ${other} is not accepted`);
  // Each group is a header line of its own; the joined form would merge names containing commas.
  const groups = req.headersDistinct['impersonate-group'];
  const user = req.headersDistinct['impersonate-user'];
  if (user && user.length > 1) return refused(403, 'Impersonate-User may be given once');
  const asked = { ...(user && { user: user[0]! }), ...(groups && { groups }) };
  const as = impersonationFor(identity, cluster, asked);
  if ('refusal' in as) return refused(403, as.refusal);
  return { identity, cluster, as, path: target.path };
}
