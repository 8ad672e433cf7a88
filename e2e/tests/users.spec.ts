import { expect, test } from '@playwright/test';
import { features } from '@portcullis/shared';
import { signInAsAdmin, signedInUser } from '../fixtures/console';

test('a user created in the UI with only the access role signs in from its invite, sees no management but Enroll New Resource, and is denied /web/users', async ({
  browser,
  page,
}) => {
  await signInAsAdmin(page);
  const name = `access-${Date.now()}`;
  const user = await signedInUser(browser, page, name, ['access']);
  const nav = user.getByRole('navigation', { name: 'Main' });
  // The access role's one management page is Enroll New Resource: it may list nodes, which is enough for discover.
  const management = features.filter((f) => f.category === 'Management' && f.placement === 'navigation');
  for (const f of management) await expect(nav.getByRole('link', { name: f.title, exact: true })).toHaveCount(f.flag === 'discover' ? 1 : 0);
  await expect(nav.getByRole('link', { name: 'Servers', exact: true })).toBeVisible();
  await user.goto('/web/users');
  await expect(user.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await user.context().close();

  // The admin's list shows the new user with its role.
  await page.goto('/web/users');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('access');
});

test('the admin resets a user’s password; the link, its expiry and a copy button are shown, and the link sets a new password', async ({
  browser,
  page,
}) => {
  await signInAsAdmin(page);
  const name = `reset-${Date.now()}`;
  const user = await signedInUser(browser, page, name, ['access']);
  await user.context().close();
  await page.goto('/web/users');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Reset Password…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset User Password' });
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/web\/reset\/\S+$/);
  await expect(dialog).toContainText('expires at');
  await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();

  const context = await browser.newContext();
  const again = await context.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await again.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
  await again.getByLabel('Confirm Password').fill('a-brand-new-password');
  await again.getByRole('button', { name: 'Change Password' }).click();
  await expect(again.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
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
