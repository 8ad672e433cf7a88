import type { ParticipantMode } from '@portcullis/shared';
import type { RoleConditions } from '../../management/roles/model';
import type { RoleSet } from '../../management/roles/roleset';
import { isFilterError, parseUserFilter, type FilterUser, type UserFilter } from './moderationFilter';

type PolicySpec = NonNullable<RoleConditions['require_session_join']>[number];

/** A require_session_join policy of the owner's roles that applies to one session, its filter parsed. */
export interface ModerationPolicy {
  name: string;
  role: string;
  modes: ParticipantMode[];
  count: number;
  onLeave: 'pause' | 'terminate';
  matches: UserFilter;
}

/** Someone in the session other than its owner, as the policies see them. */
export interface JoinedParty {
  user: FilterUser;
  mode: ParticipantMode;
}

/** A policy that is not met yet, and how many more matching parties it waits for. */
export interface UnmetPolicy {
  policy: ModerationPolicy;
  missing: number;
}

const anyone: UserFilter = () => true;

function compile(role: string, spec: PolicySpec): ModerationPolicy {
  const parsed = spec.filter === undefined ? anyone : parseUserFilter(spec.filter);
  // Roles are validated when saved; a stored filter that no longer parses must not let anyone through.
  if (isFilterError(parsed)) throw new Error(`role ${role}: require_session_join ${spec.name}: ${parsed.error}`);
  return { name: spec.name, role, modes: spec.modes, count: spec.count, onLeave: spec.on_leave, matches: parsed };
}

/**
 * The require_session_join policies of the owner's roles that cover a session of `kind` (or '*'). A session
 * with any is moderated. Only `allow` sides carry policies; a role without them adds none.
 */
export function moderationPolicies(owner: RoleSet, kind: string): ModerationPolicy[] {
  return owner.roles.flatMap((role) =>
    (role.spec.allow.require_session_join ?? [])
      .filter((spec) => spec.kinds.includes('*') || spec.kinds.includes(kind))
      .map((spec) => compile(role.metadata.name, spec)),
  );
}

/**
 * The policies `parties` do not meet yet. Each policy counts the parties that joined in one of its modes and
 * pass its filter; one moderator may count for several policies, as each policy asks only who is present.
 */
export function unmetPolicies(policies: ModerationPolicy[], parties: JoinedParty[]): UnmetPolicy[] {
  return policies.flatMap((policy) => {
    const present = parties.filter((p) => policy.modes.includes(p.mode) && policy.matches(p.user)).length;
    return present >= policy.count ? [] : [{ policy, missing: policy.count - present }];
  });
}

const moderators = (n: number) => `${n} moderator${n === 1 ? '' : 's'}`;

/** The notice a waiting session shows: `waiting for 1 moderator to join: policy NAME`, one clause per policy. */
export const waitingText = (unmet: UnmetPolicy[]): string =>
  unmet.map(({ policy, missing }) => `waiting for ${moderators(missing)} to join: policy ${policy.name}`).join('; ');
