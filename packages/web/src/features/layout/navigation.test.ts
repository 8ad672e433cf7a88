import { featureFlagNames, type FeatureFlags, makeAcl, makeFeatureFlags } from '@portcullis/shared';
import { pages } from '../../router/pages';
import { featuresWithPages, navigationGroups } from './navigation';

const flags = (on: string[]): FeatureFlags =>
  Object.fromEntries(featureFlagNames.map((f) => [f, on.includes(f)])) as FeatureFlags;
const titles = (groups: ReturnType<typeof navigationGroups>) =>
  groups.map((g) => [g.category, g.section, g.items.map((i) => i.title)]);

test('groups the allowed features by category, then by section, in the feature list’s order', () => {
  const groups = navigationGroups(
    flags(['nodes', 'databases', 'users', 'roles', 'audit', 'recordings', 'trustedClusters', 'assist']),
    'prod',
  );
  expect(titles(groups)).toEqual([
    ['Resources', undefined, ['Servers', 'Databases']],
    ['Management', 'Access', ['Manage Users', 'Manage Roles']],
    ['Management', 'Activity', ['Session Recordings', 'Audit Log']],
    ['Management', 'Clusters', ['Manage Clusters', 'Trusted Clusters']],
    ['Assist', undefined, ['Assist']],
  ]);
});

test('links fill the cluster into cluster routes; non-exact features say so', () => {
  const items = navigationGroups(flags(['nodes', 'audit', 'users', 'authConnector']), 'prod').flatMap(
    (g) => g.items,
  );
  expect(items.map((i) => [i.to, i.exact])).toEqual([
    ['/web/cluster/prod/nodes', true],
    ['/web/users', true],
    ['/web/sso', false],
    ['/web/cluster/prod/audit', true],
  ]);
});

test('a user without management flags gets no Management group; no user state shows nothing', () => {
  expect(navigationGroups(flags(['nodes']), 'prod').map((g) => g.category)).toEqual(['Resources']);
  expect(
    navigationGroups(makeFeatureFlags(undefined, { assistEnabled: true, isDashboard: false }), 'prod'),
  ).toEqual([]);
  expect(
    navigationGroups(
      makeFeatureFlags(makeAcl(undefined), { assistEnabled: true, isDashboard: false }),
      'prod',
    ),
  ).toEqual([]);
});

test('features without a navigation item never show', () => {
  const items = navigationGroups(flags([...featureFlagNames]), 'prod').flatMap((g) =>
    g.items.map((i) => i.title),
  );
  expect(items).not.toContain('Create New Lock');
  expect(items).not.toContain('Account Settings');
  expect(items).not.toContain('Help & Support');
});

test('only features the console has a page for are offered, so no item leads back to /web', () => {
  const paths = new Set(pages.map((p) => p.path));
  const offered = navigationGroups(flags([...featureFlagNames]), 'prod', featuresWithPages(paths)).flatMap(
    (g) => g.items.map((i) => i.title),
  );
  expect(offered).toEqual([
    'Servers',
    'Applications',
    'Kubernetes',
    'Databases',
    'Desktops',
    'Active Sessions',
    'Manage Users',
    'Manage Roles',
    'Manage Auth Connectors',
    'Manage Session & Identity Locks',
    'Access Requests',
    'Manage Integrations',
    'Enroll New Resource',
    'Enroll New Integration',
    'Session Recordings',
    'Audit Log',
    'Manage Clusters',
    'Trusted Clusters',
    'Assist',
  ]);
  // A user whose only management flag is discover (the access role lists nodes) is offered enrolling alone.
  expect(
    navigationGroups(flags(['nodes', 'discover']), 'prod', featuresWithPages(paths)).map((g) => [
      g.category,
      g.items.map((i) => i.title),
    ]),
  ).toEqual([
    ['Resources', ['Servers']],
    ['Management', ['Enroll New Resource']],
  ]);
});

test('every item the console offers has an icon, and no two items share one', () => {
  const offered = navigationGroups(
    flags([...featureFlagNames]),
    'prod',
    featuresWithPages(new Set(pages.map((p) => p.path))),
  ).flatMap((g) => g.items);
  expect(offered.filter((i) => !i.icon).map((i) => i.title)).toEqual([]);
  expect(new Set(offered.map((i) => i.icon)).size).toBe(offered.length);
});
