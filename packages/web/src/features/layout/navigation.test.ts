import { featureFlagNames, type FeatureFlags, makeAcl, makeFeatureFlags } from '@portcullis/shared';
import { activeNavItem, navigationCategories } from './navigation';

const flags = (on: string[]): FeatureFlags => Object.fromEntries(featureFlagNames.map((f) => [f, on.includes(f)])) as FeatureFlags;

const titles = (cats: ReturnType<typeof navigationCategories>) =>
  cats.map((c) => ({ category: c.title, sections: c.sections.map((s) => ({ title: s.title, items: s.items.map((i) => i.title) })) }));

test('groups the allowed features by category, then by section, in the feature list’s order', () => {
  const cats = navigationCategories(flags(['nodes', 'databases', 'users', 'roles', 'audit', 'recordings', 'trustedClusters', 'assist']), 'prod');
  expect(titles(cats)).toEqual([
    { category: 'Resources', sections: [{ title: 'Resources', items: ['Servers', 'Databases'] }] },
    {
      category: 'Management',
      sections: [
        { title: 'Access', items: ['Manage Users', 'Manage Roles'] },
        { title: 'Activity', items: ['Session Recordings', 'Audit Log'] },
        { title: 'Clusters', items: ['Manage Clusters', 'Trusted Clusters'] },
      ],
    },
    { category: 'Assist', sections: [{ title: 'Assist', items: ['Assist'] }] },
  ]);
});

test('links fill the cluster into cluster routes', () => {
  const items = navigationCategories(flags(['nodes', 'audit', 'users']), 'prod').flatMap((c) => c.sections.flatMap((s) => s.items));
  expect(items.map((i) => i.to)).toEqual(['/web/cluster/prod/nodes', '/web/users', '/web/cluster/prod/audit']);
});

test('a user without management flags gets no Management category; no user state shows nothing', () => {
  expect(navigationCategories(flags(['nodes']), 'prod').map((c) => c.title)).toEqual(['Resources']);
  expect(navigationCategories(makeFeatureFlags(undefined, { assistEnabled: true, isDashboard: false }), 'prod')).toEqual([]);
  expect(navigationCategories(makeFeatureFlags(makeAcl(undefined), { assistEnabled: true, isDashboard: false }), 'prod')).toEqual([]);
});

test('features without a navigation item never show', () => {
  const items = navigationCategories(flags([...featureFlagNames]), 'prod').flatMap((c) => c.sections.flatMap((s) => s.items.map((i) => i.title)));
  expect(items).not.toContain('Create New Lock');
  expect(items).not.toContain('Account Settings');
  expect(items).not.toContain('Help & Support');
});

test('the active item: exact routes match exactly, the others cover the paths below them', () => {
  const cats = navigationCategories(flags(['users', 'authConnector']), 'prod');
  expect(activeNavItem(cats, '/web/users')?.title).toBe('Manage Users');
  expect(activeNavItem(cats, '/web/users/alice')).toBeUndefined();
  expect(activeNavItem(cats, '/web/sso/github-main')?.title).toBe('Manage Auth Connectors');
});
