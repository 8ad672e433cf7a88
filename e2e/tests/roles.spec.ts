import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../fixtures/console';

/** Replaces the editor's text, as a person would: select all, type. */
async function typeRole(page: import('@playwright/test').Page, yaml: string) {
  const editor = page.getByRole('textbox', { name: 'Role YAML' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(yaml);
}

test('a role with a YAML error shows the server’s message; a valid one saves and lists', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/web/roles');
  await page.getByRole('button', { name: 'Create New Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Role' });

  await typeRole(page, 'kind: role\nversion: v7\nmetadata:\n  name: [broken\n');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/line \d+/);

  const name = `e2e-role-${Date.now()}`;
  await typeRole(
    page,
    `kind: role\nversion: v7\nmetadata:\n  name: ${name}\nspec:\n  allow:\n    logins: [root]\n  deny: {}\n`,
  );
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});
