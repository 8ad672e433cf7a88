import { expect, test } from '@playwright/test';
import { signInAsAdmin, signedInUser } from '../fixtures/console';

test('a user created in the UI with only the access role signs in from its invite, sees no management and is denied /web/users', async ({
  browser,
  page,
}) => {
  await signInAsAdmin(page);
  const name = `access-${Date.now()}`;
  const user = await signedInUser(browser, page, name, ['access']);
  const nav = user.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('heading', { name: 'Management' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
  await user.goto('/web/users');
  await expect(user.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await user.context().close();

  // The admin's list shows the new user with its role.
  await page.goto('/web/users');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('access');
});

test('the admin resets a password and the link, its expiry and a copy button are shown', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/web/users');
  await page.getByRole('button', { name: 'Actions for admin' }).click();
  await page.getByRole('menuitem', { name: 'Reset Password…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset User Password' });
  await expect(dialog.getByLabel('Link')).toHaveValue(/\/web\/reset\/\S+/);
  await expect(dialog).toContainText('expires at');
  await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();
});

test('the admin deletes a user after confirming', async ({ browser, page }) => {
  await signInAsAdmin(page);
  const name = `gone-${Date.now()}`;
  const user = await signedInUser(browser, page, name, ['access']);
  await user.context().close();
  await page.goto('/web/users');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await page.getByRole('button', { name: 'Yes, Remove User' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
