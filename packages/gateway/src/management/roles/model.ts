import { z } from 'zod';
import { isFilterError, parseUserFilter } from '../../resources/core/moderationFilter';
import { unenforcedConditions, unenforcedOptions } from './unenforced';

/** Verbs a rule grants; `edit` in the console's ACL is `update` here, `remove` is `delete`. */
export const verbs = ['list', 'read', 'create', 'update', 'delete', 'use'] as const;
export type Verb = (typeof verbs)[number];

/** Resource kinds that rules name. Each maps to one ACL area of the console (see acl.ts). */
export const resourceKinds = [
  'event',
  'auth_connector',
  'role',
  'trusted_cluster',
  'user',
  'connection_diagnostic',
  'app_server',
  'kube_server',
  'token',
  'access_request',
  'billing',
  'lock',
  'db_server',
  'db',
  'windows_desktop',
  'session',
  'session_tracker',
  'node',
  'license',
  'download',
  'plugin',
  'device',
  'integration',
  'assistant',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

const name = z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._@-]{0,127}$/, 'must be 1-128 letters, digits, dots, dashes, underscores or @');
const strings = z.array(z.string().min(1));
const labelValue = z.union([z.string().min(1), z.array(z.string().min(1))]);
const labels = z.record(z.string().min(1), labelValue);
const duration = z.string().regex(/^(\d+(ms|s|m|h|d))+$/, 'must be a duration like "90s", "30m" or "12h"');

const rule = z
  .object({
    resources: z.array(z.union([z.enum(resourceKinds), z.literal('*')])).min(1),
    verbs: z.array(z.union([z.enum(verbs), z.literal('*')])).min(1),
  })
  .strict();

/**
 * A moderated-session policy: sessions of `kinds` opened by a holder of the role wait until `count` users
 * matching `filter` have joined in one of `modes`. The filter is parsed here so that a role is never saved
 * with one the gateway cannot evaluate (see moderationFilter.ts).
 */
const sessionJoinPolicy = z
  .object({
    name: z.string().min(1),
    filter: z
      .string()
      .optional()
      .superRefine((filter, ctx) => {
        const parsed = filter === undefined ? undefined : parseUserFilter(filter);
        if (parsed && isFilterError(parsed)) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    kinds: strings.min(1),
    modes: z.array(z.enum(['moderator', 'peer', 'observer'])).min(1),
    count: z.number().int().min(1).max(100).default(1),
    on_leave: z.enum(['pause', 'terminate']).default('terminate'),
  })
  .strict();

/**
 * What a role lets its holder request: roles by name, or resources by id reached through `search_as_roles`.
 * Thresholds say how many approvals grant a request (the largest `approve`) and how many denials refuse it;
 * `max_duration` bounds how long a request, and the access it grants, lasts.
 */
const accessRequestConditions = z
  .object({
    roles: strings.optional(),
    search_as_roles: strings.optional(),
    suggested_reviewers: strings.optional(),
    thresholds: z.array(z.object({ approve: z.number().int().min(1).optional(), deny: z.number().int().min(1).optional() }).strict()).optional(),
    max_duration: duration.optional(),
  })
  .strict();

const conditions = z
  .object({
    logins: strings.optional(),
    node_labels: labels.optional(),
    app_labels: labels.optional(),
    db_labels: labels.optional(),
    kubernetes_labels: labels.optional(),
    windows_desktop_labels: labels.optional(),
    db_users: strings.optional(),
    db_names: strings.optional(),
    kubernetes_groups: strings.optional(),
    kubernetes_users: strings.optional(),
    windows_desktop_logins: strings.optional(),
    aws_role_arns: strings.optional(),
    rules: z.array(rule).optional(),
    join_sessions: z.array(z.object({ name: z.string(), roles: strings, kinds: strings, modes: strings }).strict()).optional(),
    require_session_join: z.array(sessionJoinPolicy).optional(),
    review_requests: z.object({ roles: strings }).strict().optional(),
    request: accessRequestConditions.optional(),
    ...unenforcedConditions,
  })
  .strict();

const options = z
  .object({
    max_session_ttl: duration.optional(),
    client_idle_timeout: duration.optional(),
    require_session_mfa: z.boolean().optional(),
    record_session: z.object({ default: z.enum(['best_effort', 'strict', 'off']).optional(), desktop: z.boolean().optional() }).strict().optional(),
    desktop_clipboard: z.boolean().optional(),
    desktop_directory_sharing: z.boolean().optional(),
    forward_agent: z.boolean().optional(),
    port_forwarding: z.boolean().optional(),
    ...unenforcedOptions,
  })
  .strict();

export const roleSchema = z
  .object({
    kind: z.literal('role'),
    version: z.enum(['v5', 'v6', 'v7']).default('v7'),
    metadata: z.object({ name, description: z.string().optional(), labels: z.record(z.string(), z.string()).optional() }).strict(),
    spec: z
      .object({
        options: options.default({}),
        allow: conditions.default({}),
        deny: conditions.default({}),
      })
      .strict(),
  })
  .strict();

export type RoleResource = z.infer<typeof roleSchema>;
export type RoleConditions = z.infer<typeof conditions>;
export type LabelSelector = z.infer<typeof labels>;
