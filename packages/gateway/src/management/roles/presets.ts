import type { RoleResource } from './model';

const everywhere = { '*': '*' } as const;

/** Reach every resource as the user's own logins and database, Kubernetes and desktop principals. */
const access: RoleResource = {
  kind: 'role',
  version: 'v7',
  metadata: { name: 'access', description: 'Reach resources with the logins and principals in your traits' },
  spec: {
    options: { max_session_ttl: '30h', desktop_clipboard: true, desktop_directory_sharing: true, record_session: { desktop: true } },
    allow: {
      logins: ['{{internal.logins}}'],
      node_labels: everywhere,
      app_labels: everywhere,
      db_labels: everywhere,
      kubernetes_labels: everywhere,
      windows_desktop_labels: everywhere,
      db_users: ['{{internal.db_users}}'],
      db_names: ['{{internal.db_names}}'],
      kubernetes_users: ['{{internal.kubernetes_users}}'],
      kubernetes_groups: ['{{internal.kubernetes_groups}}'],
      windows_desktop_logins: ['{{internal.windows_logins}}'],
      aws_role_arns: ['{{internal.aws_role_arns}}'],
      rules: [
        { resources: ['node', 'app_server', 'kube_server', 'db_server', 'db', 'windows_desktop'], verbs: ['list', 'read'] },
        { resources: ['session_tracker'], verbs: ['list', 'read', 'create'] },
        { resources: ['session'], verbs: ['read'] },
        // One's own conversations only: the assistant's routes look them up by the caller's name.
        { resources: ['assistant'], verbs: ['list', 'read', 'create', 'update', 'delete'] },
      ],
    },
    deny: {},
  },
};

/** Manage the gateway's configuration: users, roles, connectors, tokens, locks, integrations. */
const editor: RoleResource = {
  kind: 'role',
  version: 'v7',
  metadata: { name: 'editor', description: 'Edit users, roles, connectors and the rest of the configuration; join any session' },
  spec: {
    options: { max_session_ttl: '8h' },
    allow: {
      rules: [
        {
          resources: ['user', 'role', 'auth_connector', 'trusted_cluster', 'token', 'lock', 'integration', 'connection_diagnostic', 'device', 'plugin'],
          verbs: ['list', 'read', 'create', 'update', 'delete'],
        },
        { resources: ['integration'], verbs: ['use'] },
        { resources: ['access_request'], verbs: ['list', 'read', 'create', 'update', 'delete'] },
        { resources: ['license', 'download'], verbs: ['list', 'read'] },
        // Registering and removing agentless OpenSSH nodes is configuration too.
        { resources: ['node'], verbs: ['list', 'read', 'create', 'delete'] },
      ],
      // The first administrator holds this role; without a join_sessions rule they could see a session
      // going wrong on Active Sessions and not step in.
      join_sessions: [{ name: 'join any session', roles: ['*'], kinds: ['*'], modes: ['observer', 'peer', 'moderator'] }],
    },
    deny: {},
  },
};

/** Read the audit log, recordings and active sessions. */
const auditor: RoleResource = {
  kind: 'role',
  version: 'v7',
  metadata: { name: 'auditor', description: 'Review the audit log, session recordings and active sessions' },
  spec: {
    options: { max_session_ttl: '30h' },
    allow: {
      rules: [
        { resources: ['event', 'session', 'session_tracker'], verbs: ['list', 'read'] },
        // Reviewing recordings: setting their status and reviewer, and sharing them.
        { resources: ['session'], verbs: ['update'] },
      ],
    },
    deny: {},
  },
};

/** Created at first start, never overwritten afterwards (an administrator may edit them). */
export const presetRoles: RoleResource[] = [access, editor, auditor];
