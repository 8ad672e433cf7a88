import type { SessionInfo } from '@portcullis/shared';
import type { TrackedSession } from './tracker';

/** A live session as the terminal socket's `session` message carries it (shared's sessionMessage). */
export const sessionJson = (s: TrackedSession): SessionInfo => ({
  kind: s.kind,
  id: s.id,
  namespace: 'default',
  login: s.login,
  server_id: s.resource.id,
  server_hostname: s.resource.name,
  server_addr: s.resource.addr,
  cluster_name: s.clusterName,
  created: new Date(s.created).toISOString(),
  last_active: new Date(s.lastActive).toISOString(),
  terminal_params: s.terminal,
  parties: s.parties.map((p) => ({ id: p.id, user: p.user, remote_addr: p.remoteAddr, server_id: s.resource.id, last_active: new Date(p.lastActive).toISOString() })),
  ...(s.moderated ? { moderated: true } : {}),
});
