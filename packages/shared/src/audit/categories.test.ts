import { AuditCategory } from './categories';
import { NETWORK_ACTION_DENY } from './sessionEvents';

test('audit categories GENERAL, SECURITY, SEARCH, SQL', () => {
  expect(Object.values(AuditCategory)).toEqual(['GENERAL', 'SECURITY', 'SEARCH', 'SQL']);
});

test('network event action 1 means deny', () => {
  expect(NETWORK_ACTION_DENY).toBe(1);
});
