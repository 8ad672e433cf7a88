import { expect, test, type Page } from '@playwright/test';
import { apiSession } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { acceptInvite, adminUser, e2ePassword, signIn, signInAsAdmin, signedInUser } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';
import { startLeafGateway, type LeafGateway } from '../fixtures/leafGateway';
import { focusTerminal, terminalText, typeLine } from '../fixtures/terminal';
import { chromiumLaunch } from '../chromium';

const main = gateway('main');
const stamp = Date.now();
const leafName = `leaf-${stamp}`;
const leafNode = `leaf-node-${stamp}`;
const rootAddr = main.url.replace('localhost', '127.0.0.1');
const usedToken = '(used: the root issued this cluster an identity)';

let leaf: LeafGateway;
let agent: RunningAgent;

// The DOM renderer, so the terminal's and the player's text can be read from the page.
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

/** What the root's `access` users become on the leaf: a shell as root on any node, and its recordings. */
const leafAccessRole = `kind: role
metadata: { name: leaf-access }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules:
      - { resources: [node], verbs: [list, read] }
      - { resources: [session], verbs: [list, read] }
`;

const trust = (token: string, enabled = true) => `kind: trusted_cluster
version: v2
metadata: { name: localhost }
spec:
  enabled: ${enabled}
  token: "${token}"
  tunnel_addr: ${rootAddr}
  web_proxy_addr: ${rootAddr}
  role_map: [{ remote: access, local: [leaf-access] }]
`;

/** Replaces the YAML editor's text, as a person would: select all, type. */
async function typeYaml(page: Page, yaml: string) {
  const editor = page.getByRole('textbox', { name: 'Trusted cluster YAML' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(yaml);
}

/** The leaf's row on the root's Manage Clusters page, read afresh (the page lists the clusters as it loads). */
async function expectLeafStatus(page: Page, status: 'online' | 'offline') {
  await expect(async () => {
    await page.goto('/web/clusters');
    await expect(page.getByRole('row').filter({ hasText: leafName })).toContainText(status, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.beforeAll(async ({ browser }) => {
  leaf = await startLeafGateway(leafName);
  // The leaf's first administrator sets a password from its printed invite, as a person would.
  const page = await (await browser.newContext()).newPage();
  await acceptInvite(page, `${leaf.url}${leaf.invitePath}`);
  await page.context().close();
  const leafAdmin = await apiSession(leaf.url);
  expect((await leafAdmin.post('/v1/webapi/roles', { content: leafAccessRole })).status()).toBe(200);
  agent = await startAgent(leafAdmin, leaf.url, leafNode, {});
  await leafAdmin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
  await leaf?.stop();
});

test('a leaf joins from its Trusted Clusters page; the root reaches its node, plays its recording, follows restarts, and loses it when disabled', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const rootAdmin = await apiSession(main.url);
  const token = ((await (await rootAdmin.post('/v1/webapi/token', { roles: ['Trusted_cluster'] })).json()) as { id: string }).id;
  await rootAdmin.context.dispose();

  // On the leaf: a wrong token is refused with the root's reason; the right one joins.
  const leafPage = await (await browser.newContext()).newPage();
  await signIn(leafPage, adminUser, e2ePassword, leaf.url);
  await leafPage.goto(`${leaf.url}/web/trust`);
  await leafPage.getByRole('button', { name: 'Add Trusted Cluster' }).click();
  const add = leafPage.getByRole('dialog', { name: 'Add Trusted Cluster' });
  await typeYaml(leafPage, trust('0'.repeat(32)));
  await add.getByRole('button', { name: 'Save Changes' }).click();
  await expect(add.getByRole('alert')).toContainText('invalid or expired join token');
  await typeYaml(leafPage, trust(token));
  await add.getByRole('button', { name: 'Save Changes' }).click();
  await expect(add).toHaveCount(0);
  await expect(leafPage.getByRole('row').filter({ hasText: 'localhost' })).toContainText('enabled');

  // On the root: the leaf is online with its node; the switcher moves the console onto it.
  await signInAsAdmin(page);
  await expectLeafStatus(page, 'online');
  await expect(page.getByRole('row').filter({ hasText: leafName })).toContainText('1');
  await page.goto('/web/cluster/localhost/nodes');
  await page.getByRole('button', { name: 'Cluster: localhost' }).click();
  await page.getByRole('menuitem', { name: leafName }).click();
  await expect(page).toHaveURL(new RegExp(`/web/cluster/${leafName}/nodes$`));
  const node = page.getByRole('row').filter({ hasText: leafNode });
  await node.getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('menuitem', { name: 'root', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/web/cluster/${leafName}/console/node/[^/]+/root$`));
  await focusTerminal(page);
  await typeLine(page, `echo on-the-leaf-$((40+2))`);
  await expect(terminalText(page)).toContainText('on-the-leaf-42');
  await typeLine(page, 'exit');

  // The leaf recorded the session; the root plays it through the tunnel.
  await page.goto(`/web/cluster/${leafName}/recordings`);
  await page.getByRole('row').filter({ hasText: leafNode }).first().getByRole('link', { name: 'play' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/cluster/${leafName}/session/[^/?]+\\?recordingType=ssh`));
  await page.keyboard.press('End');
  await expect(page.locator('[data-testid="player-terminal"] .xterm-rows')).toContainText('on-the-leaf-42');

  // A root user whose roles the leaf's role map does not map is refused there, with the reason.
  const auditor = await signedInUser(browser, page, `root-auditor-${stamp}`, ['auditor']);
  await auditor.goto(`/web/cluster/${leafName}/nodes`);
  await expect(auditor.getByText(`map to no role of cluster ${leafName}`)).toBeVisible();

  // Restarted, the leaf is offline, then online again.
  await leaf.restart();
  await expectLeafStatus(page, 'online');

  // Disabled on the leaf's page, the leaf drops off the root.
  await leafPage.reload();
  await leafPage.getByRole('button', { name: 'Actions for localhost' }).click();
  await leafPage.getByRole('menuitem', { name: 'Edit…' }).click();
  const edit = leafPage.getByRole('dialog', { name: 'Edit Trusted Cluster localhost' });
  await typeYaml(leafPage, trust(usedToken, false));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(leafPage.getByRole('row').filter({ hasText: 'localhost' })).toContainText('disabled');
  await expectLeafStatus(page, 'offline');
  await page.goto(`/web/cluster/${leafName}/nodes`);
  await expect(page.getByText(`cluster ${leafName} is offline`)).toBeVisible();
});
