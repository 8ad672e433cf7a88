import { makeAcl } from './acl';
import { makeFeatureFlags } from './featureFlags';
import { enabledFeatures, featureCategories, features, featureSections } from './features';

const byTitle = (title: string) => features.find((f) => f.title === title);

test("the spec's feature list: title, gating flag, category and section", () => {
  expect(features.map((f) => [f.title, f.flag, f.category ?? null, f.section ?? null])).toEqual([
    ['Servers', 'nodes', 'Resources', null],
    ['Applications', 'applications', 'Resources', null],
    ['Kubernetes', 'kubernetes', 'Resources', null],
    ['Databases', 'databases', 'Resources', null],
    ['Desktops', 'desktops', 'Resources', null],
    ['Active Sessions', 'activeSessions', 'Resources', null],
    ['Manage Users', 'users', 'Management', 'Access'],
    ['Manage Roles', 'roles', 'Management', 'Access'],
    ['Manage Auth Connectors', 'authConnector', 'Management', 'Access'],
    ['Manage Session & Identity Locks', 'locks', 'Management', 'Access'],
    ['Create New Lock', 'newLocks', null, null],
    ['Access Requests', 'accessRequests', 'Management', 'Access'],
    ['New Access Request', 'newAccessRequest', null, null],
    ['Manage Integrations', 'integrations', 'Management', 'Access'],
    ['Enroll New Resource', 'discover', 'Management', 'Access'],
    ['Enroll New Integration', 'enrollIntegrations', 'Management', 'Access'],
    ['Session Recordings', 'recordings', 'Management', 'Activity'],
    ['Audit Log', 'audit', 'Management', 'Activity'],
    ['Manage Clusters', 'trustedClusters', 'Management', 'Clusters'],
    ['Trusted Clusters', 'trustedClusters', 'Management', 'Clusters'],
    ['Account Settings', null, null, null],
    ['Help & Support', null, null, null],
    ['Assist', 'assist', 'Assist', null],
  ]);
  expect(featureCategories).toEqual(['Resources', 'Management', 'Assist']);
  expect(featureSections).toEqual(['Access', 'Activity', 'Billing', 'Clusters']);
});

test('only auth connectors, access requests and integration enrolment match routes below them', () => {
  expect(features.filter((f) => !f.exact).map((f) => f.title)).toEqual(['Manage Auth Connectors', 'Access Requests', 'Enroll New Integration']);
});

test('Create New Lock has no navigation item; account and help sit in the top menu', () => {
  expect(byTitle('Create New Lock')?.placement).toBe('none');
  expect(byTitle('Account Settings')?.placement).toBe('topMenu');
  expect(byTitle('Help & Support')?.placement).toBe('topMenu');
});

test('a user sees always-available features plus those their flags allow', () => {
  const flags = makeFeatureFlags(makeAcl({ users: { list: true } }), { assistEnabled: false, isDashboard: false });
  expect(enabledFeatures(flags).map((f) => f.title)).toEqual(['Manage Users', 'Account Settings', 'Help & Support']);
});
