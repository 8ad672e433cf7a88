import { expect, test } from '@playwright/test';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { apiSession, createRoles } from '../fixtures/api';
import { assistHostPrefix } from '../fixtures/assistModel';
import { acceptInvite } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

/**
 * The assistant against the STAND-IN model global setup starts (e2e/fixtures/assistModel.ts; no hosted model is
 * reachable here): asked about two real nodes, it proposes `df -h /` on them; nothing runs until the person
 * clicks; the outputs stream per node; the model summarises them. A node the person's roles exclude is refused.
 */
const assist = gateway('assist');
const stamp = Date.now();
const [alpha, beta, hidden] = ['alpha', 'beta', 'hidden'].map((n) => `${assistHostPrefix}${n}-${stamp}`) as [string, string, string];
const user = `assist-user-${stamp}`;
const role = `kind: role
metadata: { name: ${user} }
spec:
  allow:
    logins: [root]
    node_labels: { assist: visible-${stamp} }
    rules:
      - { resources: [node], verbs: [list, read] }
      - { resources: [assistant], verbs: [list, read, create, update, delete] }
`;

const agents: RunningAgent[] = [];

test.beforeAll(async ({ browser }) => {
  // The assist gateway's admin accepts its printed invite here (the setup project does the main gateway's).
  const context = await browser.newContext();
  await acceptInvite(await context.newPage(), `${assist.url}${assist.invitePath}`);
  await context.close();
  const admin = await apiSession(assist.url);
  for (const host of [alpha, beta]) agents.push(await startAgent(admin, assist.url, host, {}, { assist: `visible-${stamp}` }));
  agents.push(await startAgent(admin, assist.url, hidden, {}, { assist: 'elsewhere' }));
  await admin.context.dispose();
  await createRoles(assist.url, [role]);
});
test.afterAll(async () => {
  for (const agent of agents) await agent.stop();
});

test('the assistant proposes a command for two nodes, runs it only when clicked, and summarises the outputs', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await apiSession(assist.url);
  expect((await admin.post('/v1/webapi/users', { name: user, roles: [user] })).status()).toBe(200);
  const invite = (await (await admin.post('/v1/webapi/users/password/token', { name: user, type: 'invite' })).json()) as { tokenId: string };
  await admin.context.dispose();
  const page = await (await browser.newContext({ baseURL: assist.url })).newPage();
  await acceptInvite(page, `${assist.url}/web/invite/${invite.tokenId}`);

  await page.goto('/web/assist');
  await page.getByRole('button', { name: 'New Conversation' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(`How much disk is free on ${alpha}, ${beta} and ${hidden}?`);
  await page.keyboard.press('Enter');
  const proposal = page.getByRole('article', { name: 'Proposed command' });
  await expect(proposal).toContainText('df -h /');
  // The node the roles do not reach is named as refused and never offered.
  await expect(proposal).toContainText(hidden);
  const run = proposal.getByRole('button', { name: /Run on 2 nodes/ });
  await expect(run).toBeVisible();
  // Nothing ran before the click.
  await expect(page.getByRole('region', { name: `Output of ${alpha}` })).toHaveCount(0);

  await run.click();
  for (const host of [alpha, beta]) await expect(page.getByRole('region', { name: `Output of ${host}` })).toContainText('Filesystem');
  await expect(page.getByText('Summary of the run: every node reported its disks.')).toBeVisible({ timeout: 20_000 });
});
