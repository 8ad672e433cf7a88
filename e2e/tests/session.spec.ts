import { expect, type Page, test } from '@playwright/test';
import { StorageKey } from '@portcullis/shared';
import { acceptInvite, logout } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

// These run against gateways started with short timers (see global-setup.ts); each accepts its own
// gateway's admin invite, so they run in order in one worker.
test.describe.configure({ mode: 'serial' });

/** The bearer token the tabs share; a renewal issues a new one (a reload only re-reads the same). */
const tokenOf = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken?: string }).accessToken,
    StorageKey.TOKEN,
  );

test('with a short session TTL two tabs stay signed in across renewals, and logout in one logs out the other', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const gw = gateway('shortTtl');
  const first = await context.newPage();
  await acceptInvite(first, `${gw.url}${gw.invitePath}`);
  const second = await context.newPage();
  await second.goto(`${gw.url}/web/account`);
  await expect(second.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  // A 200 s session is under the 180 s renewal threshold after 20 s: the next 15 s check renews it.
  const before = await tokenOf(first);
  await expect.poll(() => tokenOf(first), { timeout: 60_000, intervals: [2_000] }).not.toBe(before);
  const renewed = await tokenOf(first);
  await expect.poll(() => tokenOf(first), { timeout: 60_000, intervals: [2_000] }).not.toBe(renewed);
  for (const page of [first, second]) {
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }

  await logout(first);
  await expect(second).toHaveURL(/\/web\/login/);
});

test('with a short inactivity timeout an idle tab is logged out', async ({ page }) => {
  test.setTimeout(120_000);
  const gw = gateway('idle');
  await acceptInvite(page, `${gw.url}${gw.invitePath}`);
  // Idle past 45 s - 30 s, then the 30 s check logs out: well within a minute and a half.
  await expect(page).toHaveURL(/\/web\/login/, { timeout: 90_000 });
});
