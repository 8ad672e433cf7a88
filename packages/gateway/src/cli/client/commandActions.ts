import os from 'node:os';
import { ApiError, apiPaths, displayLabels, listQueryPath, type NodeJson } from '@portcullis/shared';
import { table } from '../users';
import { gatewayApi, type GatewayClient } from './http';
import { headlessLogin, passwordLogin, type SignedIn } from './login';
import { currentProfile, readProfile, removeProfile, saveProfile, type Profile } from './profile';
import { runCommand, runShell } from './sessions';

export interface LoginFlags {
  proxy?: string;
  user?: string;
  headless?: boolean;
}

const errorLine = (line: string) => process.stderr.write(`${line}\n`);

/** The gateway and user a login names, from the flags or, failing them, the stored profile. */
function loginTarget(flags: LoginFlags): { proxy: string; user: string } {
  const stored = readProfile();
  const proxy = flags.proxy ?? stored?.proxy;
  const user = flags.user ?? stored?.user;
  if (!proxy || !user) throw new Error('say which gateway and user: --proxy URL --user NAME');
  return { proxy, user };
}

const signIn = (flags: LoginFlags): Promise<SignedIn> => {
  const { proxy, user } = loginTarget(flags);
  return flags.headless ? headlessLogin(proxy, user, errorLine) : passwordLogin(proxy, user);
};

export const fromProfile = (): SignedIn => {
  const profile = currentProfile();
  return { profile, gateway: gatewayApi(profile.proxy, { csrf: profile.csrf, secret: profile.secret, token: profile.token }) };
};

const nodesPage = (gateway: GatewayClient, profile: Profile, q: { startKey?: string; query?: string; limit: number }) =>
  gateway.api.get<{ items: NodeJson[]; startKey: string }>(listQueryPath(apiPaths.nodes, { clusterId: profile.cluster, ...q }));

/** Every node the user may see, page by page. */
async function allNodes(gateway: GatewayClient, profile: Profile): Promise<NodeJson[]> {
  const nodes: NodeJson[] = [];
  let startKey: string | undefined;
  do {
    const page = await nodesPage(gateway, profile, { limit: 1000, ...(startKey && { startKey }) });
    nodes.push(...page.items);
    startKey = page.startKey || undefined;
  } while (startKey);
  return nodes;
}

/** A node named by hostname, or by id when no hostname matches (or the roles may not list nodes). */
async function resolveNode(gateway: GatewayClient, profile: Profile, name: string): Promise<string> {
  let matches: NodeJson[];
  try {
    matches = (await nodesPage(gateway, profile, { limit: 10, query: `name == ${JSON.stringify(name)}` })).items;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return name;
    throw err;
  }
  if (matches.length > 1) throw new Error(`${matches.length} nodes are named ${name}; name one by its id: ${matches.map((n) => n.id).join(', ')}`);
  return matches[0]?.id ?? name;
}

/** `[login@]node`; the login defaults to the local user's name, as with ssh. */
function parseDestination(destination: string): { login: string; node: string } {
  const at = destination.lastIndexOf('@');
  const login = at >= 0 ? destination.slice(0, at) : os.userInfo().username;
  const node = destination.slice(at + 1);
  if (!login || !node) throw new Error(`${destination} is not [login@]node`);
  return { login, node };
}

/** `portcullis login`: signs in and keeps the session as the profile. */
export async function login(flags: LoginFlags, out: (line: string) => void): Promise<void> {
  const { profile } = await signIn(flags);
  saveProfile(profile);
  out(`Logged in as ${profile.user} on ${profile.proxy}, valid until ${profile.expires}.`);
}

/** `portcullis logout`: ends the stored session and forgets it. */
export async function logout(out: (line: string) => void): Promise<void> {
  const profile = readProfile();
  if (!profile) return out('Not logged in.');
  if (Date.parse(profile.expires) > Date.now()) {
    const gateway = gatewayApi(profile.proxy, { csrf: profile.csrf, secret: profile.secret, token: profile.token });
    // Forgetting the session locally is what matters; a gateway that is down or already ended it changes nothing.
    await gateway.api.delete(apiPaths.webSession).catch(() => undefined);
  }
  removeProfile();
  out(`Logged out ${profile.user} from ${profile.proxy}.`);
}

/** `portcullis ls`: the nodes the user may reach. */
export async function listNodes(out: (line: string) => void): Promise<void> {
  const { gateway, profile } = fromProfile();
  const rows = (await allNodes(gateway, profile)).map((n) => [n.hostname, n.addr, displayLabels(n.tags).map((t) => `${t.name}=${t.value}`).join(',')]);
  table(['Node Name', 'Address', 'Labels'], rows).forEach((line) => out(line));
}

/** `portcullis ssh`: a shell, or one command, on a node; the process exits with its exit code. */
export async function ssh(destination: string, command: string[], flags: LoginFlags): Promise<void> {
  const { login, node } = parseDestination(destination);
  const { gateway, profile } = flags.headless ? await signIn(flags) : fromProfile();
  const target = { nodeId: await resolveNode(gateway, profile, node), login };
  process.exitCode = command.length ? await runCommand(gateway, profile, target, command.join(' ')) : await runShell(gateway, profile, target);
}
