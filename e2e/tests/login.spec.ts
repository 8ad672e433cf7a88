import { expect, test } from '@playwright/test';

test('the gateway serves the console’s login page at /web/login', async ({ page }) => {
  await page.goto('/web/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Portcullis' })).toBeVisible();
});
