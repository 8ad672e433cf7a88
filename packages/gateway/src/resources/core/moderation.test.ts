import { emptyTraits } from '../../platform/storage/repos/users';
import { RoleSet } from '../../management/roles/roleset';
import { parseRoleYaml } from '../../management/roles/yaml';
import { moderationPolicies, unmetPolicies, waitingText } from './moderation';
import { isFilterError, parseUserFilter } from './moderationFilter';

const role = (name: string, policies: string) =>
  parseRoleYaml(`kind: role\nmetadata:\n  name: ${name}\nspec:\n  allow:\n    require_session_join: ${policies}\n`);

const owner = new RoleSet(
  [
    role('prod', `[{ name: sre-watch, filter: 'contains(user.spec.roles, "sre")', kinds: [ssh], modes: [moderator], count: 1, on_leave: pause }]`),
    role('audit', `[{ name: two-auditors, filter: 'contains(user.spec.roles, "auditor") || equals(user.metadata.name, "carol")', kinds: ['*'], modes: [moderator, peer], count: 2 }]`),
    role('k8s-only', `[{ name: kube, kinds: [k8s], modes: [moderator] }]`),
  ],
  emptyTraits(),
);

describe('which filters a policy may use', () => {
  it.each([
    ['contains(user.spec.roles, "sre")', { name: 'x', roles: ['sre'] }, true],
    ["contains(user.spec.roles, 'sre')", { name: 'x', roles: ['dev'] }, false],
    ['equals(user.metadata.name, "bob")', { name: 'bob', roles: [] }, true],
    ['equals(user.metadata.name, "bob") || contains(user.spec.roles, "sre")', { name: 'eve', roles: ['sre'] }, true],
    ['equals(user.metadata.name, "bob") || contains(user.spec.roles, "sre")', { name: 'eve', roles: ['dev'] }, false],
  ])('evaluates %s', (expression, user, expected) => {
    const filter = parseUserFilter(expression);
    if (isFilterError(filter)) throw new Error(filter.error);
    expect(filter(user)).toBe(expected);
  });

  it.each([
    ['contains(user.traits.teams, "sre")', 'contains(user.traits.teams, "sre")'],
    ['equals(user.metadata.name, "bob") && contains(user.spec.roles, "sre")', 'equals(user.metadata.name, "bob") && contains(user.spec.roles, "sre")'],
    ['contains(user.spec.roles, "sre") || true', 'true'],
    ['equals(user.spec.roles, "sre")', 'equals(user.spec.roles, "sre")'],
  ])('refuses %s, naming the part it cannot evaluate', (expression, part) => {
    expect(parseUserFilter(expression)).toEqual({
      error: `"${part}" is not a filter this gateway can evaluate: use contains(user.spec.roles, "role") or equals(user.metadata.name, "name"), joined by ||`,
    });
  });

  it('refuses a role with such a filter when it is parsed, naming the field and its line', () => {
    expect(() => role('bad', `[{ name: p, filter: 'user.spec.roles.includes("sre")', kinds: [ssh], modes: [moderator] }]`)).toThrow(
      'line 6: spec.allow.require_session_join.0.filter: "user.spec.roles.includes("sre")" is not a filter this gateway can evaluate: use contains(user.spec.roles, "role") or equals(user.metadata.name, "name"), joined by ||',
    );
  });
});

describe('moderation policies of a session', () => {
  it("takes the owner's policies for the session kind, with their defaults", () => {
    expect(moderationPolicies(owner, 'ssh').map(({ name, role: r, modes, count, onLeave }) => ({ name, role: r, modes, count, onLeave }))).toEqual([
      { name: 'sre-watch', role: 'prod', modes: ['moderator'], count: 1, onLeave: 'pause' },
      { name: 'two-auditors', role: 'audit', modes: ['moderator', 'peer'], count: 2, onLeave: 'terminate' },
    ]);
    expect(moderationPolicies(owner, 'k8s').map((p) => p.name)).toEqual(['two-auditors', 'kube']);
    expect(moderationPolicies(new RoleSet([role('none', '[]')], emptyTraits()), 'ssh')).toEqual([]);
  });

  const policies = moderationPolicies(owner, 'ssh');
  const party = (name: string, roles: string[], mode: 'observer' | 'peer' | 'moderator') => ({ user: { name, roles }, mode });
  const unmet = (parties: ReturnType<typeof party>[]) => unmetPolicies(policies, parties).map((u) => `${u.policy.name}:${u.missing}`);

  it('counts parties in one of the modes that pass the filter', () => {
    expect(unmet([])).toEqual(['sre-watch:1', 'two-auditors:2']);
    expect(unmet([party('bob', ['sre'], 'observer')])).toEqual(['sre-watch:1', 'two-auditors:2']);
    expect(unmet([party('bob', ['sre'], 'moderator'), party('carol', [], 'peer')])).toEqual(['two-auditors:1']);
    expect(unmet([party('bob', ['sre', 'auditor'], 'moderator'), party('carol', [], 'peer')])).toEqual([]);
  });

  it('says what it waits for', () => {
    expect(waitingText(unmetPolicies(policies, []))).toBe('waiting for 1 moderator to join: policy sre-watch; waiting for 2 moderators to join: policy two-auditors');
  });
});
