import type { RoleResource } from '../../src/management/roles/model';
import { RoleSet } from '../../src/management/roles/roleset';
import { parseRoleYaml } from '../../src/management/roles/yaml';
import type { Identity } from '../../src/platform/access/identity';
import { emptyTraits } from '../../src/platform/storage/repos/users';
import { nodeRefusal } from '../../src/resources/nodes/kind';

const role = (name: string, spec: string): RoleResource =>
  parseRoleYaml(`kind: role\nmetadata:\n  name: ${name}\nspec:\n${spec}`);
const traits = emptyTraits();

const requester = role(
  'requester',
  '  allow:\n    request:\n      roles: [prod, stage]\n      search_as_roles: [prod]\n      thresholds: [{ approve: 2 }, { deny: 3 }]\n      max_duration: 2h\n',
);
const shorter = role(
  'shorter',
  '  allow:\n    request: { roles: [dev], max_duration: 20m }\n  deny:\n    request: { roles: [stage] }\n',
);
const prod = role(
  'prod',
  '  allow:\n    logins: [root]\n    node_labels: { env: prod }\n    rules: [{ resources: [node], verbs: [list] }]\n',
);

describe('RoleSet and access requests', () => {
  it('takes requestable roles less denied ones, the largest thresholds and the shortest max_duration', () => {
    const set = new RoleSet([requester, shorter], traits);
    expect(set.requestable().roles).toEqual(['dev', 'prod']);
    expect(set.searchAsRoles()).toEqual(['prod']);
    expect(set.requestLimits()).toEqual({ approvals: 2, denials: 3, durationMs: 20 * 60_000 });
    expect(new RoleSet([], traits).requestLimits()).toEqual({
      approvals: 1,
      denials: 1,
      durationMs: 3_600_000,
    });
  });

  it('lets a reviewer review only requests whose every role their review_requests cover', () => {
    const some = new RoleSet([role('r', '  allow:\n    review_requests: { roles: [prod, dev] }\n')], traits);
    expect([
      some.mayReview(['prod']),
      some.mayReview(['prod', 'dev']),
      some.mayReview(['prod', 'stage']),
      some.mayReview([]),
    ]).toEqual([true, true, false, false]);
    const any = role('any', '  allow:\n    review_requests: { roles: ["*"] }\n');
    expect(new RoleSet([any], traits).mayReview(['stage'])).toBe(true);
    const notProd = role('not-prod', '  deny:\n    review_requests: { roles: [prod] }\n');
    expect([
      new RoleSet([any, notProd], traits).mayReview(['stage']),
      new RoleSet([any, notProd], traits).mayReview(['prod']),
    ]).toEqual([true, false]);
  });

  it('adds a role request’s roles everywhere, and a resource request’s only on the requested ids', () => {
    const everywhere = new RoleSet([], traits, [{ requestId: 'a', roles: [prod] }]);
    expect([
      everywhere.canAccess('node', { env: 'prod' }, 'root', 'n1'),
      everywhere.can('node', 'list'),
      everywhere.assumedRequestIds,
    ]).toEqual([true, true, ['a']]);

    const one = new RoleSet([], traits, [{ requestId: 'b', roles: [prod], resourceIds: ['n1'] }]);
    expect(one.canAccess('node', { env: 'prod' }, 'root', 'n1')).toBe(true);
    expect(one.canAccess('node', { env: 'prod' }, 'root', 'n2')).toBe(false);
    expect(one.canAccess('node', { env: 'prod' })).toBe(false);
    // The node's labels must still match: the id alone grants nothing.
    expect(one.canAccess('node', { env: 'dev' }, 'root', 'n1')).toBe(false);
    // A resource request grants reach, not rules or the capabilities of its roles.
    expect([
      one.can('node', 'list'),
      one.roles,
      one.restricted.map((g) => [g.role.metadata.name, g.resourceIds]),
    ]).toEqual([false, [], [['prod', ['n1']]]]);
  });

  it('admits a session only on the requested node (the check every way into a node makes)', () => {
    const identity = {
      roles: new RoleSet([], traits, [{ requestId: 'b', roles: [prod], resourceIds: ['n1'] }]),
    } as Identity;
    const node = (id: string) => ({
      kind: 'node',
      id,
      name: `host-${id}`,
      addr: '10.0.0.1:22',
      labels: { env: 'prod' },
      agentId: null,
    });
    expect(nodeRefusal(identity, node('n1'), 'root')).toBeUndefined();
    expect(nodeRefusal(identity, node('n2'), 'root')).toBe(
      "your roles' node_labels do not match node host-n2",
    );
  });

  it('keeps the session’s max_session_ttl to the user’s own roles', () => {
    const short = role('short', '  options:\n    max_session_ttl: 1h\n');
    expect(new RoleSet([prod], traits, [{ requestId: 'a', roles: [short] }]).maxSessionTtl()).toBeUndefined();
    expect(new RoleSet([short], traits).maxSessionTtl()).toBe(3_600_000);
  });
});
