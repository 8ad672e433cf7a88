import { expect, test } from '@playwright/test';
import { features } from '@portcullis/shared';
import { acceptInvite, adminUser, logout, signIn } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

// Runs before every other spec (a Playwright setup project): the main gateway's admin exists from here on.
test('the printed admin invite sets a password, the admin signs in and sees every management page the console has', async ({
  page,
}) => {
  await acceptInvite(page, gateway('main').invitePath);
  await logout(page, adminUser);
  await signIn(page, adminUser);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const management = features.filter((f) => f.placement === 'navigation' && f.category === 'Management');
  // Every management page the console has is offered; features it has no page for yet are not.
  const built = new Set(['users', 'roles', 'sso', 'locks', 'accessRequests', 'recordings', 'audit', 'clusters', 'trustedClusters', 'discover', 'integrations', 'integrationEnroll']);
  for (const f of management) {
    await expect(nav.getByRole('link', { name: f.title, exact: true })).toHaveCount(built.has(f.route) ? 1 : 0);
  }
});
