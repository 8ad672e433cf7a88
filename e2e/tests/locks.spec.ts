import { expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { apiSession, createRoles } from '../fixtures/api';
import { e2ePassword, signIn, signInAsAdmin, signedInUser } from '../fixtures/console';
import { runOnAgentNode, terminalText } from '../fixtures/terminal';

const cluster = 'localhost';

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const shellRole = (name: string) => `kind: role
metadata: { name: ${name} }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules: [{ resources: [node], verbs: [list, read] }]
`;

test('a lock ends the user’s open terminal within a second with its message, refuses sign-in, and removing it restores access', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const role = `lock-shell-${stamp}`;
  const name = `locked-${stamp}`;
  const message = `Locked for review ${stamp}`;
  await createRoles(baseURL!, [shellRole(role)]);
  await signInAsAdmin(page);
  const user = await signedInUser(browser, page, name, [role]);

  // The user has a shell open on the gateway's own agent node.
  await runOnAgentNode(user, 'before');

  // The admin locks the user from their row on Manage Users, which opens Create New Lock with the user picked.
  await page.goto('/web/users');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Lock' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'User' })).toBeChecked();
  await page.getByLabel('Message').fill(message);
  const created = page.waitForResponse((r) => r.url().endsWith(`/v1/webapi/sites/${cluster}/locks`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Create Lock' }).click();
  const lockedAt = Date.now();
  expect((await created).status()).toBe(200);

  // The terminal shows the lock's message and the session ends, within a second of the lock.
  await expect(terminalText(user)).toContainText(message);
  const shownAfter = Date.now() - lockedAt;
  await expect(user.getByRole('tab', { selected: true })).toContainText('Ended');
  expect(shownAfter).toBeLessThan(1_000);

  // The Locks page lists it: the target, the message and who locked it.
  await expect(page).toHaveURL(/\/web\/locks$/);
  const row = page.getByRole('row').filter({ hasText: `user: ${name}` });
  await expect(row).toContainText(message);
  await expect(row).toContainText('admin');
  await expect(row).toContainText('Never');

  // Neither signing in again nor the API lets the user in; the refusal carries the lock's message.
  const again = await browser.newContext();
  const login = await again.newPage();
  await login.goto('/web/login');
  await login.getByLabel('Username').fill(name);
  await login.getByLabel('Password').fill(e2ePassword);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login.getByText(message)).toBeVisible();
  await expect(login).toHaveURL(/\/web\/login/);
  // The tab that was signed in is refused on its next call, so it ends up on the login page too.
  await user.reload();
  await expect(user).toHaveURL(/\/web\/login/);

  // Removing the lock restores access: the user signs in and opens a shell again.
  await row.getByRole('button', { name: /^Remove/ }).click();
  await page.getByRole('dialog', { name: 'Remove Lock' }).getByRole('button', { name: 'Remove Lock' }).click();
  await expect(page.getByRole('row').filter({ hasText: `user: ${name}` })).toHaveCount(0);
  await signIn(login, name);
  await runOnAgentNode(login, 'after');

  // Both acts are in the audit log through the API the Audit Log page reads.
  const admin = await apiSession(baseURL!);
  const from = new Date(stamp - 60_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const events = (await (await admin.get(`/v1/webapi/sites/${cluster}/events/search?from=${from}&to=${to}&limit=5000`)).json()) as {
    events: Array<{ event: string; user: string }>;
  };
  expect(events.events.filter((e) => e.event === 'lock.created' || e.event === 'lock.deleted').map((e) => [e.event, e.user])).toEqual(
    expect.arrayContaining([
      ['lock.created', 'admin'],
      ['lock.deleted', 'admin'],
    ]),
  );
  await admin.context.dispose();
});
