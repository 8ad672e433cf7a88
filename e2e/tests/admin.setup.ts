import { expect, test } from '@playwright/test';
import { features } from '@portcullis/shared';
import { acceptInvite, adminUser, logout, signIn } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

// Runs before every other spec (a Playwright setup project): the main gateway's admin exists from here on.
test('the printed admin invite sets a password, the admin signs in and sees every management item', async ({
  page,
}) => {
  await acceptInvite(page, gateway('main').invitePath);
  await logout(page, adminUser);
  await signIn(page, adminUser);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const management = features.filter((f) => f.placement === 'navigation' && f.category === 'Management');
  expect(management.length).toBeGreaterThan(5);
  for (const f of management)
    await expect(nav.getByRole('link', { name: f.title, exact: true })).toBeVisible();
});
