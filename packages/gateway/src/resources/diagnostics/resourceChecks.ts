import { request } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Identity } from '../../platform/access/identity';
import type { AgentRegistry } from '../connectors/agent/registry';
import { dialThroughAgent } from '../connectors/agent/dialStream';
import { ResourceRefusedError, ResourceUnreachableError } from '../core/connectors';
import { dialApp } from '../apps/dial';
import { appRefusal } from '../apps/kind';
import type { AppRepo } from '../apps/repo';
import { databaseListRefusal, databaseRefusal } from '../databases/kind';
import type { DatabaseRepo } from '../databases/repo';
import type { DatabaseServiceRepo } from '../databases/services';
import { agentFor } from '../databases/session/route';
import { impersonationFor, type Impersonation } from '../kubernetes/impersonation';
import { kubeClusterKind, kubeListRefusal } from '../kubernetes/kind';
import type { KubeClusterRepo } from '../kubernetes/repo';
import { failed, passed, runSteps, type Trace } from './trace';

/** What the other kinds' tests read: their repos, and the agents that reach them. */
export interface ResourceCheckDeps {
  agents: AgentRegistry;
  apps: AppRepo;
  databases: DatabaseRepo;
  databaseServices: DatabaseServiceRepo;
  kubeClusters: KubeClusterRepo;
  now: () => number;
}

/** Why a dial failed, for the person testing: the resource's own refusal, or what the agent could not do. */
const dialFailure = (err: unknown): string => {
  if (err instanceof ResourceRefusedError || err instanceof ResourceUnreachableError) return err.message;
  throw err;
};

/** A database's test: it exists, the roles reach it and allow the user and name, and the agent logs in as them. */
export async function databaseChecks(deps: ResourceCheckDeps, identity: Identity, name: string, dbUser: string | undefined, dbName: string | undefined): Promise<Trace[]> {
  const db = (await deps.databases.byName(name, deps.now())).find((d) => !databaseListRefusal(identity, d));
  return runSteps([
    () => (db ? passed('RBAC_DATABASE', `your roles reach database ${name}`) : failed('RBAC_DATABASE', `looking for database ${name}`, `no database ${name} that your roles reach (db_labels), or it is offline`)),
    () => (dbUser ? passed('RBAC_DATABASE_LOGIN', `testing as database user ${dbUser}`) : failed('RBAC_DATABASE_LOGIN', 'choosing the database user', 'no database user was given to test (database_user)')),
    () => {
      const refusal = databaseRefusal(identity, db!, dbUser!, dbName ?? '');
      return refusal
        ? failed('RBAC_DATABASE_LOGIN', `checking your roles' db_users and db_names`, `${refusal}: add it to a role of yours, or to your user's traits`)
        : passed('RBAC_DATABASE_LOGIN', `your roles allow ${dbUser}${dbName ? ` on ${dbName}` : ''}`);
    },
    async () => {
      const agentId = await agentFor(db!, deps.databaseServices, deps.agents, deps.now());
      if (!agentId) return failed('CONNECTIVITY', `reaching database ${name}`, `no connected agent serves database ${name}: check that its agent runs`);
      try {
        const link = await dialThroughAgent(deps.agents, {
          agentId,
          kind: 'db',
          id: db!.id,
          request: { op: 'connect', user: dbUser!, database: dbName ?? '', upstream: {}, ...(db!.agentId ? {} : { uri: db!.uri }) },
          what: `database ${name}`,
        });
        link.destroy();
        return passed('DATABASE_DB_USER', `logged in to ${name} as ${dbUser}${dbName ? ` on ${dbName}` : ''}`);
      } catch (err) {
        return failed('DATABASE_DB_USER', `logging in to ${name} as ${dbUser}`, `${dialFailure(err)}: check that the user exists in the database and may connect${dbName ? ` to ${dbName}` : ''}`);
      }
    },
  ]);
}

/** An app's test: it exists, the roles reach it, and its agent connects to it. */
export async function appChecks(deps: ResourceCheckDeps, identity: Identity, name: string): Promise<Trace[]> {
  const app = (await deps.apps.byName(name, deps.now())).find((a) => !appRefusal(identity, a));
  return runSteps([
    () => (app ? passed('RBAC_APP', `your roles reach app ${name}`) : failed('RBAC_APP', `looking for app ${name}`, `no app ${name} that your roles reach (app_labels), or it is offline`)),
    async () => {
      try {
        (await dialApp(deps.agents, app!)).destroy();
        return passed('CONNECTIVITY', `the agent connected to app ${name}`);
      } catch (err) {
        return failed('CONNECTIVITY', `connecting to app ${name}`, `${dialFailure(err)}: check that the app listens where the agent's --app flag says`);
      }
    },
  ]);
}

/** A Kubernetes cluster's test: the roles reach it and grant a user or group, and its API answers through the agent. */
export async function kubeChecks(deps: ResourceCheckDeps, identity: Identity, name: string, asked: { kubernetes_user?: string; kubernetes_groups?: string[] } | undefined): Promise<Trace[]> {
  const cluster = (await deps.kubeClusters.byName(name, deps.now())).find((c) => !kubeListRefusal(identity, c));
  const as = cluster && impersonationFor(identity, cluster, { user: asked?.kubernetes_user || undefined, groups: asked?.kubernetes_groups?.length ? asked.kubernetes_groups : undefined });
  return runSteps([
    () => (cluster ? passed('RBAC_KUBE', `your roles reach Kubernetes cluster ${name}`) : failed('RBAC_KUBE', `looking for Kubernetes cluster ${name}`, `no Kubernetes cluster ${name} that your roles reach (kubernetes_labels), or it is offline`)),
    () =>
      as && 'refusal' in as
        ? failed('KUBE_PRINCIPAL', 'choosing whom to impersonate', `${as.refusal}: add them to a role of yours, or to your user's traits`)
        : passed('KUBE_PRINCIPAL', `impersonating ${as!.user}${as!.groups.length ? ` in ${as!.groups.join(', ')}` : ''}`),
    async () => {
      const impersonation = as as Impersonation;
      let link: Duplex;
      try {
        link = await dialThroughAgent(deps.agents, { agentId: cluster!.agentId, kind: kubeClusterKind, id: cluster!.id, request: { op: 'dial' }, what: `Kubernetes cluster ${name}` });
      } catch (err) {
        return failed('CONNECTIVITY', `reaching Kubernetes cluster ${name}`, `${dialFailure(err)}: check that its agent runs`);
      }
      const status = await apiVersionStatus(link, impersonation);
      return status === 200
        ? passed('CONNECTIVITY', `the Kubernetes API of ${name} answered as ${impersonation.user}`)
        : failed('CONNECTIVITY', `asking the Kubernetes API of ${name} for its version`, `the API answered ${status || 'nothing'}: check the agent's kubeconfig for ${name}`);
    },
  ]);
}

/** The status the API server answers GET /version with, through the agent, as the impersonated user (0: no answer). */
function apiVersionStatus(link: Duplex, as: Impersonation): Promise<number> {
  return new Promise((resolve) => {
    const headers = { 'impersonate-user': as.user, ...(as.groups.length && { 'impersonate-group': as.groups }) };
    const req = request({ createConnection: () => link as Socket, path: '/version', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}
