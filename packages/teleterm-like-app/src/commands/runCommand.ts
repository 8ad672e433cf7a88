import type { DaemonConnectionJson, DaemonConnectionRequest, DaemonProfileJson } from '@portcullis/shared';
import type { ProfileServices } from '../daemon/profileGateway';
import { type NewDocument, resourcesDocument } from '../workspace/documents';
import type { Command } from './parseCommand';

export interface CommandContext {
  /** The profile of the active tab: where the command looks. */
  profile: DaemonProfileJson | undefined;
  services: (profile: string) => ProfileServices;
  openConnection: (request: DaemonConnectionRequest) => Promise<DaemonConnectionJson>;
}

/** A tab to open (a resources tab with what to search for), or why there is none. */
export type CommandOutcome = { open: NewDocument; search?: string } | { error: string };

/** How many servers a hostname search looks through for the exact name. */
const hostnameSearchLimit = 100;

/** Does what the command bar was asked, in the active profile. */
export async function runCommand(
  command: Command,
  { profile, services, openConnection }: CommandContext,
): Promise<CommandOutcome> {
  if (command.kind === 'invalid') return { error: command.message };
  if (!profile) return { error: 'Sign in to a cluster first.' };
  const clusterId = profile.clusterName;
  try {
    switch (command.kind) {
      case 'ssh': {
        const { nodes } = await services(profile.id).nodes({
          clusterId,
          search: command.host,
          limit: hostnameSearchLimit,
        });
        const node = nodes.find((n) => n.hostname === command.host);
        if (!node) return { error: `No server named ${command.host} in ${clusterId}.` };
        const { login } = command;
        return {
          open: {
            kind: 'terminal',
            profile: profile.id,
            clusterId,
            serverId: node.id,
            login,
            title: `${login}@${node.hostname}`,
          },
        };
      }
      case 'dbConnect': {
        const { database, dbUser, dbName } = command;
        const connection = await openConnection({
          profile: profile.id,
          clusterId,
          kind: 'db',
          database,
          dbUser,
          ...(dbName ? { dbName } : {}),
        });
        return {
          open: {
            kind: 'database',
            profile: profile.id,
            connectionId: connection.id,
            title: `${database} (${dbUser})`,
          },
        };
      }
      case 'search':
        return { open: resourcesDocument(profile), search: command.text };
    }
  } catch (err) {
    return { error: (err as Error).message };
  }
}
