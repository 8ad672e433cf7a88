import * as c from './constants';

test('session timing (spec §4, §9)', () => {
  expect(c.TOKEN_RENEWAL_THRESHOLD_SECONDS).toBe(180);
  expect(c.SESSION_CHECK_INTERVAL_MS).toBe(15_000);
  expect(c.STATUS_CHECK_MIN_TIME_LEFT_MS).toBe(30_000);
  expect(c.INACTIVITY_CHECK_INTERVAL_MS).toBe(30_000);
  expect(c.INACTIVITY_MARGIN_MS).toBe(30_000);
  expect(c.ACTIVITY_THROTTLE_MS).toBe(15_000);
});

test('limits and defaults', () => {
  expect(c.DEFAULT_SCROLLBACK_LINES).toBe(1000);
  expect(c.EVENTS_FETCH_LIMIT).toBe(5000);
  expect(c.AUDIT_QUERY_MAX_LENGTH).toBe(80);
  expect(c.DEFAULT_JOIN_METHOD).toBe('token');
});

test('date formats', () => {
  expect(c.DATE_TIME_FORMAT).toBe('yyyy-MM-dd HH:mm:ss');
  expect(c.DATE_FORMAT).toBe('yyyy-MM-dd');
  expect(c.SHORT_DATE_FORMAT).toBe('MMM dd, yyyy');
  expect(c.CONFIG_DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
});

test('call-to-action ids 0 to 6', () => {
  expect(c.CtaEvent).toEqual({
    CTA_UNSPECIFIED: 0,
    CTA_AUTH_CONNECTOR: 1,
    CTA_ACTIVE_SESSIONS: 2,
    CTA_ACCESS_REQUESTS: 3,
    CTA_PREMIUM_SUPPORT: 4,
    CTA_TRUSTED_DEVICES: 5,
    CTA_UPGRADE_BANNER: 6,
  });
});

test('discover statuses: success, skipped, error, aborted', () => {
  expect(Object.keys(c.DiscoverEventStatus)).toEqual(['Success', 'Skipped', 'Error', 'Aborted']);
});

test('discover resource kinds cover servers, Kubernetes, databases, HTTP and TCP apps and Windows desktops', () => {
  const kinds = Object.values(c.DiscoverResourceKind);
  for (const kind of ['SERVER', 'KUBERNETES', 'DATABASE_POSTGRES_RDS', 'APPLICATION_HTTP', 'APPLICATION_TCP', 'WINDOWS_DESKTOP']) {
    expect(kinds).toContain(`DISCOVER_RESOURCE_${kind}`);
  }
});
