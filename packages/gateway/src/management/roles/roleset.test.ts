import { emptyTraits } from '../../platform/storage/repos/users';
import { aclAreas as sharedAclAreas } from '@portcullis/shared';
import { aclAreas, userAcl } from './acl';
import type { RoleResource } from './model';
import { presetRoles } from './presets';
import { RoleSet } from './roleset';
import { parseRoleYaml } from './yaml';

const preset = (name: string) => presetRoles.find((r) => r.metadata.name === name)!;
const traits = { ...emptyTraits(), logins: ['alice', 'ubuntu'], databaseUsers: ['reader'] };
const role = (yaml: string): RoleResource => parseRoleYaml(`kind: role\nmetadata:\n  name: r\n${yaml}`);

describe('RoleSet', () => {
  it('lets deny win over allow for rules', () => {
    const allow = role('spec:\n  allow:\n    rules:\n      - resources: [user]\n        verbs: ["*"]\n');
    const deny = role('spec:\n  deny:\n    rules:\n      - resources: [user]\n        verbs: [delete]\n');
    const set = new RoleSet([allow, deny], traits);
    expect(set.can('user', 'list')).toBe(true);
    expect(set.can('user', 'delete')).toBe(false);
    expect(set.can('role', 'list')).toBe(false);
  });

  it('expands traits: {{internal.logins}} becomes the user’s logins, with surrounding text kept', () => {
    const set = new RoleSet([role('spec:\n  allow:\n    logins: ["{{internal.logins}}", "dev-{{internal.logins}}", "{{internal.nope}}", root]\n')], traits);
    expect(set.principals('logins')).toEqual(['alice', 'dev-alice', 'dev-ubuntu', 'root', 'ubuntu']);
  });

  it('matches label selectors per resource kind, with globs, and needs the principal from the same role', () => {
    const prod = role('spec:\n  allow:\n    logins: [ops]\n    node_labels:\n      env: [prod, "stage-*"]\n');
    const set = new RoleSet([prod], traits);
    expect(set.canAccess('node', { env: 'prod' })).toBe(true);
    expect(set.canAccess('node', { env: 'stage-2' }, 'ops')).toBe(true);
    expect(set.canAccess('node', { env: 'dev' })).toBe(false);
    expect(set.canAccess('node', { env: 'prod' }, 'root')).toBe(false);
    expect(set.canAccess('db', { env: 'prod' })).toBe(false);
  });

  it('denies a resource when a deny selector matches, and a principal named in a deny list anywhere', () => {
    const wide = preset('access');
    const noProd = role('spec:\n  deny:\n    node_labels:\n      env: prod\n');
    const noRoot = role('spec:\n  deny:\n    logins: [ubuntu]\n');
    expect(new RoleSet([wide], traits).canAccess('node', { env: 'prod' }, 'alice')).toBe(true);
    expect(new RoleSet([wide, noProd], traits).canAccess('node', { env: 'prod' }, 'alice')).toBe(false);
    expect(new RoleSet([wide, noProd], traits).canAccess('node', { env: 'dev' }, 'alice')).toBe(true);
    expect(new RoleSet([wide, noRoot], traits).canAccess('node', { env: 'dev' }, 'ubuntu')).toBe(false);
    expect(new RoleSet([wide, noRoot], traits).principals('logins')).toEqual(['alice']);
  });

  it('requires a second factor per session as soon as one role asks for it, whatever the others say', () => {
    const asks = role('spec:\n  options:\n    require_session_mfa: true\n');
    const declines = role('spec:\n  options:\n    require_session_mfa: false\n');
    expect(new RoleSet([preset('access'), declines], traits).requireSessionMfa()).toBe(false);
    expect(new RoleSet([preset('access'), asks, declines], traits).requireSessionMfa()).toBe(true);
    expect(new RoleSet([], traits).requireSessionMfa()).toBe(false);
  });

  it('takes the shortest max_session_ttl', () => {
    expect(new RoleSet([preset('access'), preset('editor')], traits).maxSessionTtl()).toBe(8 * 3600_000);
  });
});

describe('userAcl', () => {
  it('covers exactly the ACL areas the console reads (shared)', () => {
    expect(Object.keys(aclAreas).sort()).toEqual([...sharedAclAreas].sort());
  });

  it('holds every ACL area of spec §3 with list, read, edit, create, remove, and use for integrations', () => {
    const acl = userAcl(new RoleSet([], traits));
    const areas = ['events', 'authConnectors', 'roles', 'trustedClusters', 'users', 'connectionDiagnostic', 'appServers', 'kubeServers', 'tokens', 'accessRequests', 'billing', 'lock', 'dbServers', 'db', 'desktops', 'recordedSessions', 'activeSessions', 'nodes', 'license', 'download', 'plugins', 'deviceTrust', 'integrations', 'assist'];
    for (const area of areas) {
      expect(acl[area as keyof typeof acl]).toEqual(area === 'integrations' ? { list: false, read: false, edit: false, create: false, remove: false, use: false } : { list: false, read: false, edit: false, create: false, remove: false });
    }
    expect(Object.keys(acl).sort()).toEqual([...areas, 'clipboardSharingEnabled', 'desktopSessionRecording', 'directorySharing'].sort());
    // The desktop booleans default to true.
    expect([acl.clipboardSharingEnabled, acl.desktopSessionRecording, acl.directorySharing]).toEqual([true, true, true]);
  });

  it('maps the presets: editor manages users and roles, auditor reads events and recordings, access reaches resources', () => {
    const editor = userAcl(new RoleSet([preset('editor')], traits));
    expect(editor.users).toEqual({ list: true, read: true, edit: true, create: true, remove: true });
    expect(editor.roles.remove).toBe(true);
    expect(editor.events.list).toBe(false);
    const auditor = userAcl(new RoleSet([preset('auditor')], traits));
    expect([auditor.events.list, auditor.recordedSessions.read, auditor.activeSessions.list, auditor.users.list]).toEqual([true, true, true, false]);
    const access = userAcl(new RoleSet([preset('access')], traits));
    expect([access.nodes.list, access.db.list, access.desktops.read, access.users.list, access.roles.list]).toEqual([true, true, true, false, false]);
  });

  it('turns clipboard sharing off when one role turns it off', () => {
    const off = role('spec:\n  options:\n    desktop_clipboard: false\n');
    expect(userAcl(new RoleSet([preset('access'), off], traits)).clipboardSharingEnabled).toBe(false);
  });
});
