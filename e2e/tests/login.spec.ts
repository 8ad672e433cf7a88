import { expect, test } from '@playwright/test';

test('the gateway serves the console’s login page at /web/login', async ({ page }) => {
  await page.goto('/web/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Portcullis' })).toBeVisible();
});

test('a wrong password shows the server’s error and stays on the login page', async ({ page }) => {
  await page.goto('/web/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid credentials/i);
  await expect(page).toHaveURL(/\/web\/login/);
});

test('an unknown route lands on /web, which a signed-out visitor meets as the login page', async ({
  page,
}) => {
  await page.goto('/web/no/such/page');
  await expect(page).toHaveURL(/\/web\/login/);
});

test('the login failure page links back to the login', async ({ page }) => {
  await page.goto('/web/msg/error/login');
  await expect(page.getByRole('heading', { name: 'Login Unsuccessful' })).toBeVisible();
  await page.getByRole('link', { name: 'Please attempt to log in again.' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
});
