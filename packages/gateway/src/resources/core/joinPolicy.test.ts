import { emptyTraits } from '../../platform/storage/repos/users';
import { RoleSet } from '../../management/roles/roleset';
import { parseRoleYaml } from '../../management/roles/yaml';
import { joinModes, joinRefusal } from './joinPolicy';

const roles = (...specs: [name: string, joins: string][]) =>
  new RoleSet(
    specs.map(([name, joins]) => parseRoleYaml(`kind: role\nmetadata:\n  name: ${name}\nspec:\n  allow:\n    join_sessions: ${joins}\n`)),
    emptyTraits(),
  );

describe('who may join a session, and why not', () => {
  const pairing = roles(['pair', '[{ name: pairs, roles: [dev], kinds: [ssh], modes: [observer, peer] }]'], ['watch', '[{ name: watches, roles: ["*"], kinds: [k8s], modes: [observer] }]']);

  it('grants the modes of every rule matching the owner and the kind', () => {
    expect(joinModes(pairing, ['dev'], 'ssh')).toEqual(['observer', 'peer']);
    expect(joinModes(pairing, ['ops'], 'k8s')).toEqual(['observer']);
    expect(joinModes(pairing, ['ops'], 'ssh')).toEqual([]);
  });

  it('names the missing rule when there is none', () => {
    expect(joinRefusal(roles(['plain', '[]']), ['dev'], 'ssh')).toBe('none of your roles (plain) has a join_sessions rule');
  });

  it("names the rules that do not match the owner's roles", () => {
    const only = roles(['pair', '[{ name: pairs, roles: [dev], kinds: [ssh], modes: [peer] }]']);
    expect(joinRefusal(only, ['ops', 'qa'], 'ssh')).toBe("your join_sessions rules (pairs in role pair) name none of the owner's roles (ops, qa)");
  });

  it('names the rules that match the owner but not the kind', () => {
    expect(joinRefusal(pairing, ['dev'], 'db')).toBe("your join_sessions rules for the owner's roles (pairs in role pair, watches in role watch) do not cover db sessions");
  });
});
