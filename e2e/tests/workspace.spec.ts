import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { apiSession, createRoles } from '../fixtures/api';
import { acceptInvite, e2ePassword } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';
import { startWorkspaceDaemon, type WorkspaceDaemon } from '../fixtures/workspaceDaemon';

/**
 * The workspace app (packages/teleterm-like-app) as an engineer uses it: `portcullis connect` on this machine,
 * signed in to the main gateway, terminals on two real nodes, the machine's PostgreSQL through a local port with
 * psql, and everything back after the app restarts.
 */

// The terminals' text is read from xterm's DOM renderer, which it falls back to without WebGL.
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const main = gateway('main');
const stamp = Date.now();
const hosts = [`ws-a-${stamp}`, `ws-b-${stamp}`];
const database = `ws-pg-${stamp}`;
const user = `ws-user-${stamp}`;
const role = `kind: role
metadata: { name: ${user} }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    db_labels: { '*': '*' }
    db_users: [postgres]
    db_names: [test]
    rules: [{ resources: [node, db_server, db], verbs: [list, read] }]
`;

const agents: RunningAgent[] = [];
let home: string;
let daemon: WorkspaceDaemon | undefined;

test.beforeAll(async ({ browser }) => {
  const admin = await apiSession(main.url);
  agents.push(await startAgent(admin, main.url, hosts[0]!, { databases: [`${database}=postgres://postgres@127.0.0.1:5432/test`] }));
  agents.push(await startAgent(admin, main.url, hosts[1]!, {}));
  await createRoles(main.url, [role]);
  expect((await admin.post('/v1/webapi/users', { name: user, roles: [user] })).status()).toBe(200);
  const invite = (await (await admin.post('/v1/webapi/users/password/token', { name: user, type: 'invite' })).json()) as { tokenId: string };
  await admin.context.dispose();
  const context = await browser.newContext();
  await acceptInvite(await context.newPage(), `${main.url}/web/invite/${invite.tokenId}`);
  await context.close();
  home = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-workspace-'));
});
test.afterAll(async () => {
  await daemon?.stop();
  for (const agent of agents) await agent.stop();
  rmSync(home, { recursive: true, force: true });
});

/** The visible tab's terminal text. */
const terminal = (page: Page) => page.locator('[data-testid="terminal"]:visible .xterm-rows');

async function command(page: Page, line: string) {
  const bar = page.getByRole('searchbox', { name: 'Command' }).or(page.getByRole('textbox', { name: 'Command' }));
  await bar.fill(line);
  await bar.press('Enter');
}

/** Types a line into the visible terminal once it shows `ready`. */
async function typeIn(page: Page, ready: RegExp, line: string) {
  await expect(terminal(page)).toContainText(ready, { timeout: 20_000 });
  await page.locator('[data-testid="terminal"]:visible').click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

test('signs in, opens terminals on two nodes and psql through a local port, and finds them all after a restart', async ({ page }) => {
  test.setTimeout(180_000);
  daemon = await startWorkspaceDaemon(home);
  await page.goto(daemon.launchUrl);
  await page.getByRole('textbox', { name: 'Proxy address' }).fill(main.url);
  await page.getByRole('textbox', { name: 'User' }).fill(user);
  await page.getByLabel('Password').fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'localhost' })).toBeVisible();

  for (const [i, host] of hosts.entries()) {
    await command(page, `ssh root@${host}`);
    await expect(page.getByRole('tab', { name: `root@${host}`, selected: true })).toBeVisible();
    await typeIn(page, /[#$]\s*$/m, `echo tab-${i}-$((6*7))`);
    await expect(terminal(page)).toContainText(`tab-${i}-42`);
  }

  await command(page, `db connect ${database} --db-user postgres --db-name test`);
  await expect(page.getByRole('tab', { name: `${database} (postgres)`, selected: true })).toBeVisible();
  await typeIn(page, /test=#/, 'select 40 + 2 as answer;');
  await expect(terminal(page)).toContainText(/answer\s*-+\s*42/);
  const port = Number(/127\.0\.0\.1:(\d+)/.exec((await page.getByText(/127\.0\.0\.1:\d+/).first().textContent())!)![1]);

  // The app saves its tabs a moment after they change; closing it before then would lose the last change.
  await expect.poll(() => readFileSync(path.join(home, 'connect/workspace.json'), 'utf8')).toContain(`"title": "${database} (postgres)"`);
  // Restart: the same home, a new process and launch link.
  await daemon.stop();
  daemon = await startWorkspaceDaemon(home);
  await page.goto(daemon.launchUrl);
  for (const host of hosts) await expect(page.getByRole('tab', { name: `root@${host}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `${database} (postgres)` })).toBeVisible();
  // The local port is open again where it was, and a terminal tab opens a new session on its node.
  await expect(page.getByText(`127.0.0.1:${port}`).first()).toBeVisible();
  await page.getByRole('tab', { name: `root@${hosts[1]}` }).click();
  await typeIn(page, /[#$]\s*$/m, 'echo again-$((6*7))');
  await expect(terminal(page)).toContainText('again-42');
});
