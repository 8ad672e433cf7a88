import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { eventCatalogue, eventCodes } from '@portcullis/shared';
import { type Browser, chromium, type Page, expect, test } from '@playwright/test';
import { startPrivateSshd, type PrivateSshd } from '../../packages/gateway/test/servers/sshd';
import { chromiumLaunch } from '../chromium';
import { type ApiSession, apiSession } from '../fixtures/api';
import { adminUser, signInAsAdmin, signedInUser } from '../fixtures/console';
import { openTerminal, terminalText, typeLine } from '../fixtures/terminal';

const cluster = 'localhost';
const openSshHostname = 'openssh-e2e';
/** `hostname` on either node: both run on this machine (the agent in-process, sshd as a private daemon). */
const machine = os.hostname();

/** A role that may open shells as root on every node, register OpenSSH nodes and read the audit log. */
const serversRole = (name: string) => `kind: role
metadata:
  name: ${name}
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules:
      - { resources: [node], verbs: [list, read, create, delete] }
      - { resources: [event], verbs: [list, read] }
`;


/**
 * The admin (an editor) adds a role that may open shells as root and invites a user holding it and auditor;
 * the user accepts in the browser. Answers the user's page and an API session as that user.
 */
async function signUpServersUser(page: Page, browser: Browser, baseURL: string, stamp: number) {
  const role = `servers-e2e-${stamp}`;
  const name = `operator-${stamp}`;
  await signInAsAdmin(page);
  const admin = await apiSession(baseURL, adminUser);
  expect((await admin.post('/v1/webapi/roles', { content: serversRole(role) })).status()).toBe(200);
  await admin.context.dispose();
  const user = await signedInUser(browser, page, name, [role, 'auditor']);
  return { user, api: await apiSession(baseURL, name) };
}

/** Uploads random bytes to /tmp on the active node and downloads them back through the console's dialogs. */
async function roundTrip(page: Page, name: string) {
  const bytes = randomBytes(200 * 1024);
  await page.getByRole('button', { name: 'Upload files' }).click();
  const upload = page.getByRole('dialog', { name: /^Upload to root@/ });
  await upload.getByLabel('Target directory').fill('/tmp');
  await upload.getByLabel('Files').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText(`Uploaded ${name} to /tmp`)).toBeVisible();
  await upload.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Download a file' }).click();
  const download = page.getByRole('dialog', { name: /^Download from root@/ });
  await download.getByLabel('File path').fill(`/tmp/${name}`);
  const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: 'Download', exact: true }).click()]);
  await expect(download.getByText(`Downloaded ${name}`)).toBeVisible();
  expect(file.suggestedFilename()).toBe(name);
  const received = await readFile(await file.path());
  expect(received.equals(bytes)).toBe(true);
  await download.getByRole('button', { name: 'Close' }).click();
}

// xterm's WebGL renderer paints into a canvas, where a test cannot read text; without WebGL the console falls
// back to the DOM renderer (which this also proves), whose rows hold the text. The test at the end launches its
// own browser with WebGL.
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

test.describe('servers and the web terminal, in the DOM renderer', () => {
  let sshd: PrivateSshd | undefined;
  let operator: ApiSession | undefined;
  let openSshNodeId = '';

  test.afterAll(async () => {
    if (operator && openSshNodeId) await operator.delete(`/v1/webapi/sites/${cluster}/nodes/${openSshNodeId}`);
    await operator?.context.dispose();
    await sshd?.stop();
  });

  test('Servers lists the agent and OpenSSH nodes; a shell on each echoes, survives a flood, transfers round-trip, and the audit log shows it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    // The user registers a private OpenSSH server beside the gateway's own agent.
    const signedUp = await signUpServersUser(page, browser, baseURL!, stamp);
    const user = signedUp.user;
    operator = signedUp.api;
    const ca = await operator.get(`/v1/webapi/sites/${cluster}/ssh/user-ca`);
    expect(ca.status()).toBe(200);
    sshd = await startPrivateSshd(await ca.text());
    const added = await operator.post(`/v1/webapi/sites/${cluster}/nodes`, {
      hostname: openSshHostname,
      addr: `127.0.0.1:${sshd.port}`,
      labels: { kind: 'openssh' },
    });
    expect(added.status(), await added.text()).toBe(200);
    openSshNodeId = ((await added.json()) as { id: string }).id;

    // Servers: the local agent (through its tunnel) and the OpenSSH node. The console may have opened on
    // Servers already, before the OpenSSH node existed: load the page afresh.
    await user.goto(`/web/cluster/${cluster}/nodes`);
    const table = user.getByRole('table', { name: 'Servers' });
    await expect(table.getByRole('row').filter({ hasText: openSshHostname })).toContainText('127.0.0.1');
    const agentRow = table.getByRole('row').filter({ hasText: '⟵ Tunnel' }).first();
    await expect(agentRow).toBeVisible();
    const agentHostname = (await agentRow.getByRole('cell').first().textContent())!.trim();

    // A shell on the agent node.
    await openTerminal(user, agentHostname);
    await typeLine(user, 'echo hello-$(hostname)');
    await expect(terminalText(user)).toContainText(`hello-${machine}`);

    // A flood: the tab keeps painting frames, and Ctrl-C gets the prompt back (output is acknowledged only
    // as xterm parses it, so the backlog behind the interrupt is bounded by the gateway's window).
    await typeLine(user, 'yes e2e-flood');
    await expect(terminalText(user)).toContainText('e2e-flood');
    await user.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await user.keyboard.press('Control+C');
    await typeLine(user, 'clear; echo flood-$((6*7))');
    await expect(terminalText(user)).toContainText('flood-42', { timeout: 10_000 });

    const agentFile = `agent-${stamp}.bin`;
    await roundTrip(user, agentFile);

    // A second tab: a shell on the OpenSSH node, picked from the console's own node list.
    await user.getByRole('button', { name: 'New tab' }).click();
    await openTerminal(user, openSshHostname);
    await typeLine(user, 'echo hello-$(hostname)');
    await expect(terminalText(user)).toContainText(`hello-${machine}`);
    const sshFile = `openssh-${stamp}.bin`;
    await roundTrip(user, sshFile);
    await expect(user.getByRole('tab')).toHaveCount(2);

    // The audit log: both sessions and the four transfers, in the catalogue's words.
    await user.goto(`/web/cluster/${cluster}/audit`);
    const started = eventCatalogue[eventCodes.SESSION_START]!;
    for (const hostname of [agentHostname, openSshHostname]) {
      await expect(user.getByRole('row').filter({ hasText: started.desc }).filter({ hasText: `on [${hostname}]` }).first()).toBeVisible();
    }
    const uploaded = eventCatalogue[eventCodes.SCP_UPLOAD]!;
    const downloaded = eventCatalogue[eventCodes.SCP_DOWNLOAD]!;
    for (const file of [agentFile, sshFile]) {
      await expect(user.getByRole('row').filter({ hasText: uploaded.desc }).filter({ hasText: `/tmp/${file}` })).toHaveCount(1);
      await expect(user.getByRole('row').filter({ hasText: downloaded.desc }).filter({ hasText: `/tmp/${file}` })).toHaveCount(1);
    }
  });
});

test.describe('servers and the web terminal, on WebGL drawn in software', () => {
  test('where WebGL has no GPU behind it the terminal draws with the DOM renderer, and the shell answers', async ({ baseURL }) => {
    test.setTimeout(120_000);
    // This browser offers WebGL, drawn by SwiftShader on the CPU (as on every machine without a GPU): xterm's WebGL
    // renderer would redraw its whole canvas in software, so the console keeps to the DOM renderer.
    const softwareGlBrowser = await chromium.launch(chromiumLaunch);
    const page = await (await softwareGlBrowser.newContext({ baseURL })).newPage();
    const { user, api } = await signUpServersUser(page, softwareGlBrowser, baseURL!, Date.now());
    await user.goto(`/web/cluster/${cluster}/nodes`);
    expect(await user.evaluate(() => document.createElement('canvas').getContext('webgl2') !== null)).toBe(true);
    const agentRow = user.getByRole('table', { name: 'Servers' }).getByRole('row').filter({ hasText: '⟵ Tunnel' }).first();
    const agentHostname = (await agentRow.getByRole('cell').first().textContent())!.trim();
    await openTerminal(user, agentHostname);
    await typeLine(user, 'echo software-gl-$((6*7))');
    await expect(terminalText(user)).toContainText('software-gl-42');
    await api.context.dispose();
    await softwareGlBrowser.close();
  });
});
