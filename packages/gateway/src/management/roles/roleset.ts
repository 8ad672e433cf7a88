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

type PrincipalField = 'logins' | 'db_users' | 'db_names' | 'kubernetes_groups' | 'kubernetes_users' | 'windows_desktop_logins' | 'aws_role_arns';
const principalFields: PrincipalField[] = ['logins', 'db_users', 'db_names', 'kubernetes_groups', 'kubernetes_users', 'windows_desktop_logins', 'aws_role_arns'];

interface Side {
  conditions: RoleConditions;
  principals: Record<PrincipalField, string[]>;
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

/**
 * A user's roles with their traits expanded: the one place that answers "may this user do that?".
 * Deny always wins over allow.
 */
export class RoleSet {
  private readonly allow: Side[];
  private readonly deny: Side[];

  constructor(
    readonly roles: RoleResource[],
    traits: Traits,
  ) {
    this.allow = roles.map((r) => expand(r.spec.allow, traits));
    this.deny = roles.map((r) => expand(r.spec.deny, traits));
  }

  /** Rules: may the user apply `verb` to resources of `kind`? */
  can(resource: ResourceKind, verb: Verb): boolean {
    if (this.deny.some((d) => ruleGrants(d.conditions, resource, verb))) return false;
    return this.allow.some((a) => ruleGrants(a.conditions, resource, verb));
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
   */
  canAccess(kind: LabelledKind, labels: Record<string, string>, principal?: string): boolean {
    const { labels: labelField, principals: principalField } = labelledKinds[kind];
    const selector = (c: RoleConditions) => c[labelField] as LabelSelector | undefined;
    const denied = this.deny.some((d) => {
      const names = d.principals[principalField];
      if (principal !== undefined && (names.includes('*') || names.includes(principal))) return true;
      return matchLabels(selector(d.conditions), labels) && names.length === 0;
    });
    if (denied) return false;
    return this.allow.some((a) => {
      if (!matchLabels(selector(a.conditions), labels)) return false;
      if (principal === undefined) return true;
      const names = a.principals[principalField];
      return names.includes('*') || names.includes(principal);
    });
  }

  /** The shortest max_session_ttl of the user's roles, in milliseconds, if any role sets one. */
  maxSessionTtl(): number | undefined {
    const ttls = this.roles.map((r) => r.spec.options.max_session_ttl && parseDuration(r.spec.options.max_session_ttl)).filter((t): t is number => !!t);
    return ttls.length ? Math.min(...ttls) : undefined;
  }

  /** Whether a second factor must be given before each session (per-session MFA): any role asking for it is enough. */
  requireSessionMfa(): boolean {
    return this.roles.some((r) => r.spec.options.require_session_mfa === true);
  }

  /** A desktop or session option that defaults to on: off as soon as one role turns it off. */
  optionEnabled(option: 'desktop_clipboard' | 'desktop_directory_sharing' | 'record_desktop'): boolean {
    return this.roles.every((r) =>
      option === 'record_desktop' ? r.spec.options.record_session?.desktop !== false : r.spec.options[option] !== false,
    );
  }

  /** Roles the user may request, and the reviewers they suggest (for the access strategy of the context). */
  requestable(): { roles: string[]; reviewers: string[] } {
    const roles = new Set(this.allow.flatMap((a) => a.conditions.request?.roles ?? []));
    for (const d of this.deny) for (const r of d.conditions.request?.roles ?? []) roles.delete(r);
    const reviewers = new Set(this.allow.flatMap((a) => a.conditions.request?.suggested_reviewers ?? []));
    return { roles: [...roles].sort(), reviewers: [...reviewers].sort() };
  }
}
