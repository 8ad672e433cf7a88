import { parseDuration } from '../../platform/config/duration';
import type { Traits } from '../../platform/storage/repos/users';
import { interpolate } from './interpolate';
import { matchLabels } from './labels';
import type { LabelSelector, ResourceKind, RoleConditions, RoleResource, Verb } from './model';

/** Resource kinds reached through label selectors, and the principals (logins, database users...) they take. */
export const labelledKinds = {
  node: { labels: 'node_labels', principals: 'logins' },
  app: { labels: 'app_labels', principals: 'aws_role_arns' },
  db: { labels: 'db_labels', principals: 'db_users' },
  kubernetes: { labels: 'kubernetes_labels', principals: 'kubernetes_users' },
  windows_desktop: { labels: 'windows_desktop_labels', principals: 'windows_desktop_logins' },
} as const satisfies Record<string, { labels: keyof RoleConditions; principals: keyof RoleConditions }>;
export type LabelledKind = keyof typeof labelledKinds;

export type PrincipalField = 'logins' | 'db_users' | 'db_names' | 'kubernetes_groups' | 'kubernetes_users' | 'windows_desktop_logins' | 'aws_role_arns';
const principalFields: PrincipalField[] = ['logins', 'db_users', 'db_names', 'kubernetes_groups', 'kubernetes_users', 'windows_desktop_logins', 'aws_role_arns'];

interface Side {
  conditions: RoleConditions;
  principals: Record<PrincipalField, string[]>;
  /** Set for a role assumed through a resource request: it reaches these resource ids and nothing else. */
  only?: ReadonlySet<string>;
}

/**
 * Roles an approved access request adds to a session. A role request's roles apply everywhere; a resource
 * request's (`resourceIds` set) reach only the requested resources.
 */
export interface AssumedRoles {
  requestId: string;
  roles: RoleResource[];
  resourceIds?: string[];
}

function expand(conditions: RoleConditions, traits: Traits): Side {
  const principals = Object.fromEntries(principalFields.map((f) => [f, interpolate(conditions[f], traits)])) as Record<PrincipalField, string[]>;
  return { conditions, principals };
}

function ruleGrants(conditions: RoleConditions, resource: ResourceKind, verb: Verb): boolean {
  return (conditions.rules ?? []).some(
    (r) => (r.resources.includes('*') || r.resources.includes(resource)) && (r.verbs.includes('*') || r.verbs.includes(verb)),
  );
}

/** `extra` less the roles `base` already has (by name), each once: an assumed role the user holds adds nothing. */
const adding = (base: RoleResource[], extra: RoleResource[]) =>
  extra.filter((r, i) => !base.some((o) => o.metadata.name === r.metadata.name) && extra.findIndex((o) => o.metadata.name === r.metadata.name) === i);

/** An hour: how long an access request lasts when no role sets request.max_duration. */
export const defaultRequestDurationMs = 3_600_000;

/**
 * A user's roles with their traits expanded: the one place that answers "may this user do that?".
 * Deny always wins over allow.
 */
export class RoleSet {
  /** The roles that apply everywhere: the user's own and those of assumed role requests. */
  readonly roles: RoleResource[];
  /** Roles of assumed resource requests, each reaching only the listed resource ids (visibility reads them). */
  readonly restricted: { role: RoleResource; resourceIds: string[] }[];
  /** The assumed access requests in force, in the order they were assumed. */
  readonly assumedRequestIds: string[];
  private readonly own: RoleResource[];
  private readonly allow: Side[];
  private readonly deny: Side[];

  constructor(
    roles: RoleResource[],
    private readonly traits: Traits,
    assumed: AssumedRoles[] = [],
  ) {
    this.own = roles;
    const wide = assumed.filter((a) => !a.resourceIds).flatMap((a) => a.roles);
    this.roles = [...roles, ...adding(roles, wide)];
    this.restricted = assumed.flatMap((a) => (a.resourceIds ? a.roles.map((role) => ({ role, resourceIds: a.resourceIds! })) : []));
    this.assumedRequestIds = assumed.map((a) => a.requestId);
    this.allow = [
      ...this.roles.map((r) => expand(r.spec.allow, traits)),
      ...this.restricted.map((g) => ({ ...expand(g.role.spec.allow, traits), only: new Set(g.resourceIds) })),
    ];
    // Deny wins everywhere, whatever brought the role.
    this.deny = [...this.roles, ...this.restricted.map((g) => g.role)].map((r) => expand(r.spec.deny, traits));
  }

  /** The same user with more roles applying everywhere (searching with search_as_roles). */
  withRoles(extra: RoleResource[]): RoleSet {
    return new RoleSet([...this.roles, ...adding(this.roles, extra)], this.traits);
  }

  /** Rules: may the user apply `verb` to resources of `kind`? A resource request's roles grant no rules. */
  can(resource: ResourceKind, verb: Verb): boolean {
    if (this.deny.some((d) => ruleGrants(d.conditions, resource, verb))) return false;
    return this.allow.some((a) => !a.only && ruleGrants(a.conditions, resource, verb));
  }

  /** Principals of one field allowed by some role and denied by none, e.g. the logins offered on nodes. */
  principals(field: PrincipalField): string[] {
    const denied = new Set(this.deny.flatMap((d) => d.principals[field]));
    if (denied.has('*')) return [];
    return [...new Set(this.allow.flatMap((a) => a.principals[field]))].filter((p) => !denied.has(p)).sort();
  }

  /**
   * May the user reach a labelled resource (a node, database, app...) and, when given, as this principal
   * (a login, a database user...)? Allowed when one role's selector matches and that same role grants the
   * principal; denied when a deny selector matches with no principal list, or a deny list names the principal.
   * A role from a resource request counts only when `resourceId` is one it was granted for.
   */
  canAccess(kind: LabelledKind, labels: Record<string, string>, principal?: string, resourceId?: string): boolean {
    const { labels: labelField, principals: principalField } = labelledKinds[kind];
    const selector = (c: RoleConditions) => c[labelField] as LabelSelector | undefined;
    const denied = this.deny.some((d) => {
      const names = d.principals[principalField];
      if (principal !== undefined && (names.includes('*') || names.includes(principal))) return true;
      return matchLabels(selector(d.conditions), labels) && names.length === 0;
    });
    if (denied) return false;
    return this.allow.some((a) => {
      if (a.only && (resourceId === undefined || !a.only.has(resourceId))) return false;
      if (!matchLabels(selector(a.conditions), labels)) return false;
      if (principal === undefined) return true;
      const names = a.principals[principalField];
      return names.includes('*') || names.includes(principal);
    });
  }

  /**
   * The principals of `field` that the roles matching this resource's labels grant, less any a deny names: the
   * Kubernetes users and groups a cluster is reached as are those of the roles whose kubernetes_labels select it.
   * Empty when a deny selector matching the resource lists no principals (it is denied outright).
   */
  principalsOn(kind: LabelledKind, labels: Record<string, string>, field: PrincipalField, resourceId?: string): string[] {
    const selector = (c: RoleConditions) => c[labelledKinds[kind].labels] as LabelSelector | undefined;
    const denied = new Set(this.deny.flatMap((d) => d.principals[field]));
    if (denied.has('*') || this.deny.some((d) => matchLabels(selector(d.conditions), labels) && d.principals[field].length === 0 && d.principals[labelledKinds[kind].principals].length === 0)) return [];
    const granted = this.allow.filter((a) => (!a.only || (resourceId !== undefined && a.only.has(resourceId))) && matchLabels(selector(a.conditions), labels));
    return [...new Set(granted.flatMap((a) => a.principals[field]))].filter((p) => !denied.has(p)).sort();
  }

  /**
   * May the user open a session on a database (by its labels) as database user `dbUser` on database `dbName`?
   * One role must match the database and grant both (db_users and db_names, '*' for any); a deny rule naming
   * either refuses, as does a deny whose db_labels match with neither list.
   */
  canAccessDatabase(labels: Record<string, string>, dbUser: string, dbName: string, resourceId?: string): boolean {
    const selector = (c: RoleConditions) => c.db_labels as LabelSelector | undefined;
    const names = (side: Side, field: 'db_users' | 'db_names') => side.principals[field];
    const denied = this.deny.some((d) => {
      const users = names(d, 'db_users');
      const dbs = names(d, 'db_names');
      if (users.includes('*') || users.includes(dbUser) || dbs.includes('*') || dbs.includes(dbName)) return true;
      return matchLabels(selector(d.conditions), labels) && users.length === 0 && dbs.length === 0;
    });
    if (denied) return false;
    const grants = (list: string[], value: string) => list.includes('*') || list.includes(value);
    return this.allow.some((a) => {
      if (a.only && (resourceId === undefined || !a.only.has(resourceId))) return false;
      return matchLabels(selector(a.conditions), labels) && grants(names(a, 'db_users'), dbUser) && grants(names(a, 'db_names'), dbName);
    });
  }

  /**
   * The shortest max_session_ttl of the user's own roles, in milliseconds, if any role sets one. Assumed roles
   * do not shorten the session: their access ends with their request (its max_duration) instead.
   */
  maxSessionTtl(): number | undefined {
    const ttls = this.own.map((r) => r.spec.options.max_session_ttl && parseDuration(r.spec.options.max_session_ttl)).filter((t): t is number => !!t);
    return ttls.length ? Math.min(...ttls) : undefined;
  }

  /** Whether a second factor must be given before each session (per-session MFA): any role asking for it is enough. */
  requireSessionMfa(): boolean {
    return [...this.roles, ...this.restricted.map((g) => g.role)].some((r) => r.spec.options.require_session_mfa === true);
  }

  /** A desktop or session option that defaults to on: off as soon as one role turns it off. */
  optionEnabled(option: 'desktop_clipboard' | 'desktop_directory_sharing' | 'record_desktop'): boolean {
    return this.roles.every((r) =>
      option === 'record_desktop' ? r.spec.options.record_session?.desktop !== false : r.spec.options[option] !== false,
    );
  }

  /** Roles the user may request, and the reviewers they suggest (for the access strategy of the context). */
  requestable(): { roles: string[]; reviewers: string[] } {
    const reviewers = new Set(this.wide().flatMap((a) => a.conditions.request?.suggested_reviewers ?? []));
    return { roles: this.allowedNames((c) => c.request?.roles), reviewers: [...reviewers].sort() };
  }

  /** The roles whose reach the user may search and request resources through (request.search_as_roles). */
  searchAsRoles(): string[] {
    return this.allowedNames((c) => c.request?.search_as_roles);
  }

  /**
   * What the user's roles say about a request they make: approvals needed (the largest threshold), denials
   * that refuse it, and how long it lasts (the shortest max_duration, an hour when none says).
   */
  requestLimits(): { approvals: number; denials: number; durationMs: number } {
    const requests = this.wide().map((a) => a.conditions.request);
    const thresholds = requests.flatMap((r) => r?.thresholds ?? []);
    const durations = requests.map((r) => r?.max_duration && parseDuration(r.max_duration)).filter((d): d is number => !!d);
    return {
      approvals: Math.max(1, ...thresholds.map((t) => t.approve ?? 1)),
      denials: Math.max(1, ...thresholds.map((t) => t.deny ?? 1)),
      durationMs: durations.length ? Math.min(...durations) : defaultRequestDurationMs,
    };
  }

  /** The roles whose requests the user may review ('*' for any), from review_requests. */
  reviewableRoles(): string[] {
    return this.allowedNames((c) => c.review_requests?.roles);
  }

  /** May the user review a request for these roles? Only when their review_requests cover every one. */
  mayReview(requested: string[]): boolean {
    const denied = new Set(this.deny.flatMap((d) => d.conditions.review_requests?.roles ?? []));
    if (denied.has('*')) return false;
    const allowed = new Set(this.reviewableRoles());
    return requested.length > 0 && requested.every((r) => !denied.has(r) && (allowed.has('*') || allowed.has(r)));
  }

  /** The allow sides that apply everywhere (a resource request's roles grant no capabilities). */
  private wide(): Side[] {
    return this.allow.filter((a) => !a.only);
  }

  /** Names some allow side lists in a field, less those a deny side lists, sorted. */
  private allowedNames(field: (c: RoleConditions) => string[] | undefined): string[] {
    const names = new Set(this.wide().flatMap((a) => field(a.conditions) ?? []));
    for (const d of this.deny) for (const n of field(d.conditions) ?? []) names.delete(n);
    return [...names].sort();
  }
}
