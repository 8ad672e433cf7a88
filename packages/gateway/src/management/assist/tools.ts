import { randomUUID } from 'node:crypto';
import type { AssistProposalJson } from '@portcullis/shared';
import { z } from 'zod';
import { HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { describeIssues } from '../../platform/access/issues';
import { nodeRefusal, nodeResource } from '../../resources/nodes/kind';
import { listNodes } from '../../resources/nodes/list';
import { presentNode } from '../../resources/nodes/presenter';
import type { NodeRepo } from '../../resources/nodes/repo';
import type { ToolDefinition } from './model';

/** The most nodes find_nodes returns, and a proposal may name. */
const maxNodes = 50;

export const toolDefinitions: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'find_nodes',
      description: `Finds the nodes the person may see, by keywords in their names and labels and by exact label values; at most ${maxNodes}. Each comes with the logins the person may use on it.`,
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Keywords, all of which must appear in the hostname, address or labels.' },
          labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Labels the nodes must have, name to exact value.' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'propose_command',
      description: 'Proposes a command to run on nodes as a login. It does not run: the person confirms or declines it, and you receive the output only if they ran it.',
      parameters: {
        type: 'object',
        properties: {
          command: { type: 'string', description: 'The shell command.' },
          login: { type: 'string', description: 'The login (user on the node) to run it as.' },
          hostnames: { type: 'array', items: { type: 'string' }, description: 'The hostnames of the nodes to run it on.' },
        },
        required: ['command', 'login', 'hostnames'],
      },
    },
  },
];

const findNodesArgs = z.object({
  query: z.string().max(200).optional(),
  labels: z.record(z.string().min(1).max(63), z.string().max(256)).optional(),
});

const proposeArgs = z.object({
  command: z.string().min(1).max(4000),
  login: z.string().min(1).max(64),
  hostnames: z.array(z.string().min(1).max(253)).min(1).max(maxNodes),
});

/** What a tool works with: the person's identity (their roles decide what they see) and the node registry. */
export interface ToolContext {
  identity: Identity;
  nodes: NodeRepo;
  siteId: string;
  now: number;
}

/** A tool call the model got wrong: answered to the model, which may try again. */
export class ToolError extends Error {}

function parseArgs<T>(schema: z.ZodType<T>, text: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text || '{}');
  } catch {
    throw new ToolError('the arguments are not valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ToolError(describeIssues('arguments', parsed.error));
  return parsed.data;
}

/** find_nodes: the Servers list's query, under the person's roles, with labels as an exact-value predicate. */
export async function findNodes(ctx: ToolContext, argsText: string): Promise<string> {
  const args = parseArgs(findNodesArgs, argsText);
  const predicate = Object.entries(args.labels ?? {})
    .map(([name, value]) => `labels[${JSON.stringify(name)}] == ${JSON.stringify(value)}`)
    .join(' && ');
  try {
    const page = await listNodes(ctx.nodes, ctx.identity.roles, { limit: maxNodes, search: args.query, query: predicate || undefined }, ctx.now);
    const nodes = page.items.map((n) => ({ hostname: n.hostname, id: n.id, labels: n.labels, logins: presentNode(n, ctx.siteId, ctx.identity.roles).sshLogins }));
    return JSON.stringify({ nodes, total: page.totalCount });
  } catch (err) {
    if (err instanceof HttpError) throw new ToolError(err.message);
    throw err;
  }
}

/**
 * propose_command: the proposal, with each hostname resolved among the nodes the person may see and may log in
 * to as `login`. A node they may not see is refused as absent, so the assistant reveals no more than the Servers
 * list does. Nothing runs here.
 */
export async function proposeCommand(ctx: ToolContext, argsText: string): Promise<AssistProposalJson> {
  const { command, login, hostnames } = parseArgs(proposeArgs, argsText);
  const { roles } = ctx.identity;
  const proposal: AssistProposalJson = { id: randomUUID(), command, login, nodes: [], refused: [] };
  for (const hostname of new Set(hostnames)) {
    const visible = (await ctx.nodes.byName(hostname, ctx.now)).filter((n) => roles.canAccess('node', n.labels, undefined, n.id));
    if (!visible.length) {
      proposal.refused.push({ hostname, reason: 'no such node' });
      continue;
    }
    const refusals = visible.map((n) => nodeRefusal(ctx.identity, nodeResource(n), login));
    const reachable = visible.filter((_, i) => refusals[i] === undefined);
    if (!reachable.length) proposal.refused.push({ hostname, reason: `your roles do not reach this node: ${refusals[0]}` });
    proposal.nodes.push(...reachable.map((n) => ({ id: n.id, hostname: n.hostname })));
  }
  proposal.nodes = proposal.nodes.slice(0, maxNodes);
  return proposal;
}
