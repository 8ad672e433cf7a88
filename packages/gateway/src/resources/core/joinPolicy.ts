import type { ParticipantMode } from '@portcullis/shared';
import type { RoleSet } from '../../management/roles/roleset';

const modes: ParticipantMode[] = ['observer', 'peer', 'moderator'];

/**
 * The modes in which a user may join a session of `kind` opened by someone holding `ownerRoles`: the union
 * of the user's join_sessions rules whose roles name one of the owner's roles (or '*') and whose kinds name
 * the kind (or '*'). Without such a rule a user joins nothing, whatever else their roles allow.
 */
export function joinModes(joiner: RoleSet, ownerRoles: string[], kind: string): ParticipantMode[] {
  const allowed = new Set<string>();
  for (const role of joiner.roles) {
    for (const rule of role.spec.allow.join_sessions ?? []) {
      const matchesOwner = rule.roles.includes('*') || rule.roles.some((r) => ownerRoles.includes(r));
      const matchesKind = rule.kinds.includes('*') || rule.kinds.includes(kind);
      if (matchesOwner && matchesKind) for (const m of rule.modes) allowed.add(m);
    }
  }
  return modes.filter((m) => allowed.has(m) || allowed.has('*'));
}

/**
 * Why a user may not join a session of `kind` owned by someone holding `ownerRoles`, naming the rule that is
 * missing or does not match, so the person (or their administrator) knows what to change.
 */
export function joinRefusal(joiner: RoleSet, ownerRoles: string[], kind: string): string {
  const rules = joiner.roles.flatMap((role) => (role.spec.allow.join_sessions ?? []).map((rule) => ({ role: role.metadata.name, rule })));
  if (!rules.length) return `none of your roles (${joiner.roles.map((r) => r.metadata.name).join(', ') || 'none'}) has a join_sessions rule`;
  const forOwner = rules.filter(({ rule }) => rule.roles.includes('*') || rule.roles.some((r) => ownerRoles.includes(r)));
  const describe = (list: typeof rules) => list.map(({ role, rule }) => `${rule.name} in role ${role}`).join(', ');
  if (!forOwner.length) return `your join_sessions rules (${describe(rules)}) name none of the owner's roles (${ownerRoles.join(', ')})`;
  return `your join_sessions rules for the owner's roles (${describe(forOwner)}) do not cover ${kind} sessions`;
}

/** Sessions are recorded unless one of the owner's roles sets options.record_session.default to 'off'. */
export function recordingEnabled(owner: RoleSet): boolean {
  return owner.roles.every((r) => r.spec.options.record_session?.default !== 'off');
}
