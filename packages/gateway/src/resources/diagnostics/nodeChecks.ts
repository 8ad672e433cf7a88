import type { Identity } from '../../platform/access/identity';
import { recordEvent } from '../../management/audit/record';
import type { Store } from '../../platform/storage/store';
import type { ChannelExit } from '../core/channel';
import { isRefusal } from '../core/admit';
import { ResourceUnreachableError, type Caller } from '../core/connectors';
import type { SessionCore } from '../core/sessionCore';
import type { AgentRegistry } from '../connectors/agent/registry';
import { failed, passed, runSteps, type Trace } from './trace';

/** How long the test command may take on the node before the test says so. */
const commandTimeoutMs = 15_000;

/**
 * A node's connection test, as a person would meet each problem: the node exists and the roles reach it, they
 * allow the login, the node is connected, and the login works there (a command runs as it, audited as one).
 */
export async function nodeChecks(deps: { core: SessionCore; agents: AgentRegistry; store: Store; clusterName: string }, identity: Identity, nodeId: string, login: string | undefined, remoteAddr: string): Promise<Trace[]> {
  const kind = deps.core.kinds.get('node');
  const node = await kind.find(nodeId);
  return runSteps([
    () => (node ? passed('RBAC_NODE', `node ${node.name} exists`) : failed('RBAC_NODE', `looking for node ${nodeId}`, `node ${nodeId} was not found or its agent is not connected: check that the agent runs on the host`)),
    () =>
      identity.roles.canAccess('node', node!.labels, undefined, node!.id)
        ? passed('RBAC_NODE', `your roles reach node ${node!.name}`)
        : failed('RBAC_NODE', `checking your roles' node_labels against node ${node!.name}`, `your roles' node_labels do not match node ${node!.name}: add its labels to a role of yours`),
    () =>
      login
        ? (() => {
            const refusal = kind.refusal(identity, node!, login);
            return refusal
              ? failed('RBAC_PRINCIPAL', `checking that your roles allow the login ${login}`, `${refusal}: add ${login} to a role's logins, or to your user's logins trait`)
              : passed('RBAC_PRINCIPAL', `your roles allow the login ${login} on node ${node!.name}`);
          })()
        : failed('RBAC_PRINCIPAL', 'choosing the login to test', 'no login was given to test (ssh_principal)'),
    () =>
      !node!.agentId || deps.agents.connection(node!.agentId)
        ? passed('CONNECTIVITY', node!.agentId ? `node ${node!.name}'s agent is connected` : `node ${node!.name} is reached over OpenSSH`)
        : failed('CONNECTIVITY', `reaching node ${node!.name}`, `node ${node!.name}'s agent is not connected: check that it runs and can reach the gateway`),
    async () => {
      const admission = await deps.core.admit({ kind: 'node', id: node!.id, identity, login: login!, remoteAddr, refusedEvent: 'SESSION_REJECTED' });
      if (isRefusal(admission)) return failed('NODE_PRINCIPAL', `logging in to ${node!.name} as ${login}`, admission.message);
      const exit = await runTest(deps.core, admission.resource, login!, { user: identity.user.name, keyId: `${identity.user.name}@${deps.clusterName}` });
      await recordEvent(deps.store, exit.code === 0 ? 'EXEC' : 'EXEC_FAILURE', {
        user: identity.user.name,
        login,
        server_id: node!.id,
        server_hostname: node!.name,
        command: 'true (connection test)',
        'addr.remote': remoteAddr,
        ...(exit.code !== null ? { exitCode: exit.code } : { exitError: exit.error ?? 'no exit status' }),
      });
      if (exit.code === 0) return passed('NODE_PRINCIPAL', `logged in to ${node!.name} as ${login} and ran a command`);
      const why = exit.error ?? `the test command exited with status ${exit.code}`;
      const advice = /does not exist/.test(why) ? `: create the account ${login} on ${node!.name} (useradd ${login}), or test a login that exists there` : '';
      return failed('NODE_PRINCIPAL', `logging in to ${node!.name} as ${login}`, `${why}${advice}`);
    },
  ]);
}

/** Runs `true` as the login through the node's connector; its exit, or why it could not run. */
function runTest(core: SessionCore, resource: Parameters<SessionCore['connectors']['for']>[0], login: string, caller: Caller): Promise<ChannelExit> {
  return new Promise((resolve) => {
    let channel;
    try {
      channel = core.connectors.for(resource).channel(resource, { type: 'exec', login, command: 'true' }, caller);
    } catch (err) {
      if (err instanceof ResourceUnreachableError) return resolve({ code: null, error: err.message });
      throw err;
    }
    const timer = setTimeout(() => {
      channel.close();
      resolve({ code: null, error: `the test command did not finish within ${commandTimeoutMs / 1000} s` });
    }, commandTimeoutMs);
    channel.onData((chunk) => channel.ack(chunk.length));
    channel.onExit((exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
}
