import { makeAcl, type AclJson } from './acl';
import { featureFlagNames, lockedFeatures, makeFeatureFlags, shouldCheckDiscoverOnboarding } from './featureFlags';

const inputs = { assistEnabled: true, isDashboard: false };
const flagsFor = (raw: AclJson, extra = inputs) => makeFeatureFlags(makeAcl(raw), extra);

test('there are 25 flags and every one is false when no user state is loaded', () => {
  expect(featureFlagNames).toHaveLength(25);
  const flags = makeFeatureFlags(undefined, { assistEnabled: true, isDashboard: true });
  expect(Object.keys(flags)).toHaveLength(25);
  for (const name of featureFlagNames) expect(flags[name]).toBe(false);
});

test('an empty ACL enables nothing', () => {
  const flags = flagsFor({});
  for (const name of featureFlagNames) expect(flags[name]).toBe(false);
});

test.each([
  ['audit', 'events'],
  ['recordings', 'recordedSessions'],
  ['authConnector', 'authConnectors'],
  ['roles', 'roles'],
  ['trustedClusters', 'trustedClusters'],
  ['users', 'users'],
  ['applications', 'appServers'],
  ['kubernetes', 'kubeServers'],
  ['billing', 'billing'],
  ['databases', 'dbServers'],
  ['desktops', 'desktops'],
  ['nodes', 'nodes'],
  ['activeSessions', 'activeSessions'],
  ['accessRequests', 'accessRequests'],
  ['plugins', 'plugins'],
  ['integrations', 'integrations'],
  ['deviceTrust', 'deviceTrust'],
  ['locks', 'lock'],
] as const)('%s follows list on %s', (flag, area) => {
  expect(flagsFor({ [area]: { list: true } })[flag]).toBe(true);
  expect(flagsFor({ [area]: { read: true, edit: true, create: true, remove: true } })[flag]).toBe(false);
});

test('newAccessRequest needs create on access requests', () => {
  expect(flagsFor({ accessRequests: { create: true } }).newAccessRequest).toBe(true);
  expect(flagsFor({ accessRequests: { list: true } }).newAccessRequest).toBe(false);
});

test('newLocks needs create and edit on locks', () => {
  expect(flagsFor({ lock: { create: true, edit: true } }).newLocks).toBe(true);
  expect(flagsFor({ lock: { create: true } }).newLocks).toBe(false);
  expect(flagsFor({ lock: { edit: true } }).newLocks).toBe(false);
});

test("assist needs list and the server's assist flag", () => {
  expect(flagsFor({ assist: { list: true } }).assist).toBe(true);
  expect(flagsFor({ assist: { list: true } }, { ...inputs, assistEnabled: false }).assist).toBe(false);
});

test('enrolling integrations needs create on integrations; the either-or flag also takes plugin list', () => {
  expect(flagsFor({ integrations: { create: true } }).enrollIntegrations).toBe(true);
  expect(flagsFor({ integrations: { create: true } }).enrollIntegrationsOrPlugins).toBe(true);
  expect(flagsFor({ plugins: { list: true } }).enrollIntegrationsOrPlugins).toBe(true);
  expect(flagsFor({ plugins: { list: true } }).enrollIntegrations).toBe(false);
});

test.each([
  ['tokens create', { tokens: { create: true } }, true],
  ['nodes list', { nodes: { list: true } }, true],
  ['app servers read and list', { appServers: { read: true, list: true } }, true],
  ['db servers read and list', { dbServers: { read: true, list: true } }, true],
  ['kube servers read and list', { kubeServers: { read: true, list: true } }, true],
  ['desktops read and list', { desktops: { read: true, list: true } }, true],
  ['app servers list only', { appServers: { list: true } }, false],
  ['db servers read only', { dbServers: { read: true } }, false],
])('discover with %s is %s', (_label, raw, expected) => {
  expect(flagsFor(raw).discover).toBe(expected);
});

test('discover onboarding is checked only when the user may add and query agents', () => {
  expect(shouldCheckDiscoverOnboarding(makeAcl({ tokens: { create: true }, nodes: { list: true } }))).toBe(true);
  expect(shouldCheckDiscoverOnboarding(makeAcl({ tokens: { create: true } }))).toBe(false);
  expect(shouldCheckDiscoverOnboarding(makeAcl({ nodes: { list: true } }))).toBe(false);
});

test('the download center shows only on the dashboard, with license read or download list', () => {
  const dashboard = { ...inputs, isDashboard: true };
  expect(flagsFor({ license: { read: true } }, dashboard).downloadCenter).toBe(true);
  expect(flagsFor({ download: { list: true } }, dashboard).downloadCenter).toBe(true);
  expect(flagsFor({ license: { read: true }, download: { list: true } }).downloadCenter).toBe(false);
  expect(flagsFor({}, dashboard).downloadCenter).toBe(false);
});

test('usage-based billing builds lock auth connectors, active sessions, access requests, premium support and trusted devices', () => {
  expect(lockedFeatures({ isUsageBasedBilling: true })).toEqual([
    'authConnectors',
    'activeSessions',
    'accessRequests',
    'premiumSupport',
    'trustedDevices',
  ]);
  expect(lockedFeatures({ isUsageBasedBilling: false })).toEqual([]);
});
