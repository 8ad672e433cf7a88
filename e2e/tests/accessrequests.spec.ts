import { expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { createRoles } from '../fixtures/api';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { runOnAgentNode } from '../fixtures/terminal';

const cluster = 'localhost';

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

/** How long an approved request's access lasts here: long enough to review and open a shell, short enough to wait out. */
const maxDuration = 45;

const roles = (stamp: number) => ({
  requester: `kind: role
metadata: { name: ar-base-${stamp} }
spec:
  allow:
    rules: [{ resources: [node], verbs: [list, read] }]
    request: { roles: [ar-ssh-${stamp}], suggested_reviewers: [reviewer-${stamp}], max_duration: ${maxDuration}s }
`,
  granted: `kind: role
metadata: { name: ar-ssh-${stamp} }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules: [{ resources: [node], verbs: [list, read] }]
`,
  reviewer: `kind: role
metadata: { name: ar-reviewer-${stamp} }
spec:
  allow:
    review_requests: { roles: [ar-ssh-${stamp}] }
`,
});

test('a user requests a role, a reviewer approves it, the requester assumes it and reaches a node until the access expires', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const r = roles(stamp);
  await createRoles(baseURL!, [r.requester, r.granted, r.reviewer]);
  await signInAsAdmin(page);
  const requester = await signedInUser(browser, page, `requester-${stamp}`, [`ar-base-${stamp}`]);
  const reviewer = await signedInUser(browser, page, `reviewer-${stamp}`, [`ar-reviewer-${stamp}`]);

  // Out of reach before: Servers lists no node for the requester.
  await requester.goto(`/web/cluster/${cluster}/nodes`);
  await expect(requester.getByRole('heading', { name: 'No Servers Found' })).toBeVisible();

  // The requester asks for the role with a reason.
  await requester.goto('/web/requests/new');
  await requester.getByRole('checkbox', { name: `ar-ssh-${stamp}` }).check();
  await requester.getByLabel('Reason').fill('deploying the hotfix');
  await requester.getByRole('button', { name: 'Submit Request' }).click();
  // The form's own URL (/web/requests/new) matches too until the console moves on to the request's page.
  await expect(requester).toHaveURL(/\/web\/requests\/(?!new$)[^/]+$/);
  const requestPath = new URL(requester.url()).pathname;
  await expect(requester.getByText('PENDING', { exact: true }).first()).toBeVisible();
  await expect(requester.getByRole('button', { name: 'Assume Roles' })).toHaveCount(0);

  // The reviewer, in another browser context, finds it on Access Requests and approves it with a reason.
  await reviewer.goto('/web/requests');
  await reviewer.getByRole('row').filter({ hasText: `requester-${stamp}` }).getByRole('link', { name: /^View / }).click();
  await expect(reviewer).toHaveURL(new RegExp(`${requestPath}$`));
  await reviewer.getByLabel('Review reason').fill('approved for the hotfix');
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByText('APPROVED', { exact: true }).first()).toBeVisible();
  await expect(reviewer.getByRole('table', { name: 'Reviews' })).toContainText(`reviewer-${stamp}`);

  // The requester assumes it: the top bar names the assumed role and the node is in reach.
  await requester.reload();
  await requester.getByRole('button', { name: 'Assume Roles' }).click();
  await expect(requester.getByText(`Assumed roles: ar-ssh-${stamp}`)).toBeVisible();
  await expect(requester.getByRole('button', { name: 'Switch Back' })).toBeVisible();
  await runOnAgentNode(requester, 'granted');

  // Once the request's time is up the access is gone by itself: Servers lists nothing again.
  await requester.goto(`/web/cluster/${cluster}/nodes`);
  await expect(async () => {
    await requester.reload();
    await expect(requester.getByRole('heading', { name: 'No Servers Found' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: (maxDuration + 15) * 1000 });
  await expect(requester.getByText(`Assumed roles: ar-ssh-${stamp}`)).toHaveCount(0);
});
