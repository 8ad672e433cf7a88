import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../fixtures/console';

test('a path no page serves shows the 404 inside the console, with a way home', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/web/no/such/page');
  await expect(page.getByText('404 Not Found', { exact: true })).toBeVisible();
  await expect(page.getByText('The requested path could not be found.')).toBeVisible();
  await expect(page).toHaveTitle('404 Not Found');
  expect(new URL(page.url()).pathname).toBe('/web/no/such/page');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).not.toHaveURL(/no\/such/);
});

test('the tab title carries the cluster id on cluster pages', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/web/users');
  await expect(page).toHaveTitle('Users');
  await page.goto('/web/cluster/localhost/audit');
  await expect(page).toHaveTitle('localhost • Audit Log');
});

test('the theme switch persists and other tabs follow it', async ({ page, context }) => {
  await signInAsAdmin(page);
  const other = await context.newPage();
  await other.goto('/web/account');
  const dark = page.getByRole('switch', { name: 'Dark theme' });
  const before = await dark.getAttribute('aria-checked');
  await dark.click();
  const after = before === 'true' ? 'false' : 'true';
  await expect(other.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', after);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', after);
});
