import type { Identity } from '../../platform/access/identity';
import { emptyTraits, type Traits } from '../../platform/storage/repos/users';
import type { RoleResource } from '../../management/roles/model';
import { RoleSet } from '../../management/roles/roleset';
import { parseRoleYaml } from '../../management/roles/yaml';
import { grantedOn, impersonationFor } from './impersonation';

const role = (name: string, spec: string): RoleResource => parseRoleYaml(`kind: role\nmetadata:\n  name: ${name}\nspec:\n${spec}`);

/** A role selecting clusters labelled env=`env` that grants these Kubernetes users and groups. */
const kubeRole = (name: string, env: string, users: string[], groups: string[]) =>
  role(name, `  allow:\n    kubernetes_labels:\n      env: ${env}\n    kubernetes_users: ${JSON.stringify(users)}\n    kubernetes_groups: ${JSON.stringify(groups)}\n`);

/** The caller alice; impersonation reads only her name and her roles. */
const alice = (roles: RoleResource[], traits: Traits = emptyTraits()) => ({ user: { name: 'alice' }, roles: new RoleSet(roles, traits) }) as unknown as Identity;

const cluster = { id: 'kube-1', name: 'dev-cluster', labels: { env: 'dev' } };

describe('whom a Kubernetes request impersonates', () => {
  it("refuses a cluster the roles' kubernetes_labels do not select", () => {
    expect(impersonationFor(alice([kubeRole('prod', 'prod', ['alice-k8s'], ['devs'])]), cluster, {})).toEqual({
      refusal: "your roles' kubernetes_labels do not match Kubernetes cluster dev-cluster",
    });
  });

  it('refuses a cluster the roles select but grant no users or groups on', () => {
    expect(impersonationFor(alice([kubeRole('bare', 'dev', [], [])]), cluster, {})).toEqual({
      refusal: 'your roles grant no Kubernetes users or groups on cluster dev-cluster (kubernetes_users, kubernetes_groups)',
    });
  });

  it('runs as the only user granted, with every granted group', () => {
    expect(impersonationFor(alice([kubeRole('dev', 'dev', ['alice-k8s'], ['viewers', 'devs'])]), cluster, {})).toEqual({ user: 'alice-k8s', groups: ['devs', 'viewers'] });
  });

  it('refuses to guess between several granted users, and takes the one asked for', () => {
    const identity = alice([kubeRole('dev', 'dev', ['alice-k8s', 'admin'], ['devs'])]);
    expect(impersonationFor(identity, cluster, {})).toEqual({
      refusal: 'your roles grant several Kubernetes users on cluster dev-cluster (admin, alice-k8s): choose one (kubectl --as)',
    });
    expect(impersonationFor(identity, cluster, { user: 'admin' })).toEqual({ user: 'admin', groups: ['devs'] });
  });

  it('refuses a user the roles do not grant, naming it and those they do', () => {
    expect(impersonationFor(alice([kubeRole('dev', 'dev', ['alice-k8s', 'admin'], [])]), cluster, { user: 'root' })).toEqual({
      refusal: 'your roles do not grant the Kubernetes user "root" on cluster dev-cluster (kubernetes_users: admin, alice-k8s)',
    });
    expect(impersonationFor(alice([kubeRole('dev', 'dev', [], ['devs'])]), cluster, { user: 'root' })).toEqual({
      refusal: 'your roles do not grant the Kubernetes user "root" on cluster dev-cluster (kubernetes_users: none)',
    });
  });

  it("runs as the caller's own name when the roles grant groups only", () => {
    expect(impersonationFor(alice([kubeRole('dev', 'dev', [], ['devs'])]), cluster, {})).toEqual({ user: 'alice', groups: ['devs'] });
  });

  it('keeps exactly the granted groups asked for, and refuses one not granted', () => {
    const identity = alice([kubeRole('dev', 'dev', ['alice-k8s'], ['devs', 'viewers', 'ops'])]);
    expect(impersonationFor(identity, cluster, { groups: ['viewers', 'devs'] })).toEqual({ user: 'alice-k8s', groups: ['viewers', 'devs'] });
    expect(impersonationFor(identity, cluster, { groups: ['devs', 'system:masters'] })).toEqual({
      refusal: 'your roles do not grant the Kubernetes group "system:masters" on cluster dev-cluster (kubernetes_groups: devs, ops, viewers)',
    });
  });

  it('counts only the users and groups of roles whose kubernetes_labels select the cluster', () => {
    const identity = alice([kubeRole('dev', 'dev', ['alice-k8s'], ['devs']), kubeRole('prod', 'prod', ['prod-admin'], ['ops'])]);
    expect(grantedOn(identity, cluster)).toEqual({ users: ['alice-k8s'], groups: ['devs'] });
    expect(grantedOn(identity, { id: 'kube-2', labels: { env: 'prod' } })).toEqual({ users: ['prod-admin'], groups: ['ops'] });
    expect(impersonationFor(identity, cluster, { user: 'prod-admin' })).toEqual({
      refusal: 'your roles do not grant the Kubernetes user "prod-admin" on cluster dev-cluster (kubernetes_users: alice-k8s)',
    });
  });

  it('drops a group a deny lists', () => {
    const identity = alice([kubeRole('dev', 'dev', ['alice-k8s'], ['devs', 'admins']), role('no-admins', '  deny:\n    kubernetes_groups: [admins]\n')]);
    expect(grantedOn(identity, cluster)).toEqual({ users: ['alice-k8s'], groups: ['devs'] });
    expect(impersonationFor(identity, cluster, { groups: ['admins'] })).toEqual({
      refusal: 'your roles do not grant the Kubernetes group "admins" on cluster dev-cluster (kubernetes_groups: devs)',
    });
  });

  it("expands {{internal.kubernetes_users}} and {{internal.kubernetes_groups}} to the caller's traits", () => {
    const traits = { ...emptyTraits(), kubeUsers: ['alice-k8s'], kubeGroups: ['devs', 'viewers'] };
    const identity = alice([kubeRole('traits', 'dev', ['{{internal.kubernetes_users}}'], ['{{internal.kubernetes_groups}}', 'team-{{internal.kubernetes_groups}}'])], traits);
    expect(grantedOn(identity, cluster)).toEqual({ users: ['alice-k8s'], groups: ['devs', 'team-devs', 'team-viewers', 'viewers'] });
    expect(impersonationFor(identity, cluster, {})).toEqual({ user: 'alice-k8s', groups: ['devs', 'team-devs', 'team-viewers', 'viewers'] });
  });
});
