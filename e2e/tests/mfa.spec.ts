import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { addVirtualAuthenticator, totpCode, type VirtualAuthenticator } from '../fixtures/authenticator';
import { e2ePassword } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';
import { connectToNode, expectSessionTab, focusTerminal, terminalText, typeLine } from '../fixtures/terminal';

// This gateway requires a second factor of every user (auth.secondFactor: on) and enrols this machine as a node.
const mfa = gateway('mfa');
const machine = os.hostname();
const cli = path.resolve('packages/gateway/dist/cli.js');

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

/** Runs the `portcullis` command line; its administration commands work on the gateway's data directory. */
function portcullis(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Collects a child's output and resolves with it once the child exits. */
function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function admin(args: string[]): Promise<string> {
  const run = await finished(portcullis([...args, '--data-dir', mfa.dataDir]));
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/**
 * Creates a user with the command line and answers the path of the invite link it prints (the command reads no
 * config file, so the link's origin is the default one; the path is what matters).
 */
async function invite(name: string, roles: string[]): Promise<string> {
  const out = await admin(['users', 'add', name, '--roles', roles.join(','), '--logins', 'root']);
  const path = /https?:\/\/\S+(\/web\/invite\/\S+)/.exec(out)?.[1];
  expect(path, out).toBeTruthy();
  return path!;
}

/** A fresh browser context holding a security key. */
async function withKey(browser: Browser): Promise<{ page: Page; key: VirtualAuthenticator }> {
  const page = await (await browser.newContext({ baseURL: mfa.url })).newPage();
  return { page, key: await addVirtualAuthenticator(page) };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Accepts an invite with a password and registers the browser's key as a hardware key. */
async function acceptWithKey(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(e2ePassword);
  await page.getByLabel('Confirm Password').fill(e2ePassword);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Hardware Key' }).check();
  await page.getByLabel('Device name').fill('yubikey');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(mainNav(page)).toBeVisible();
}

async function logout(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/web\/login/);
}

test('an invited user registers a passkey, then signs in with it and no password', async ({ browser }) => {
  const name = `passkey-${Date.now()}`;
  const link = await invite(name, ['access']);
  const { page, key } = await withKey(browser);
  await page.goto(link);
  // No password: a passkey is then the only way in, so it is the only choice offered.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  await page.getByLabel('Device name').fill('laptop passkey');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(mainNav(page)).toBeVisible();
  const [credential] = await key.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await logout(page, name);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('button', { name })).toBeVisible();
  expect((await key.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);
});

test('a user adds an authenticator app from the secret the page shows, signs in with it, and removes it after re-authenticating', async ({
  browser,
}) => {
  const name = `totp-${Date.now()}`;
  const link = await invite(name, ['access']);
  const { page } = await withKey(browser);
  await acceptWithKey(page, link);

  await page.goto('/web/account/twofactor');
  const devices = page.getByRole('table', { name: 'Two-factor devices' });
  await expect(devices.getByRole('row').filter({ hasText: 'yubikey' })).toContainText('Hardware Key');
  await page.getByRole('button', { name: 'Add Device' }).click();
  const add = page.getByRole('dialog', { name: 'Add Two-Factor Device' });
  // Adding a device first proves who is there, with the key already registered.
  await add.getByRole('button', { name: 'Use security key' }).click();
  await add.getByRole('radio', { name: 'Authenticator App' }).check();
  await expect(add.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await add.getByRole('textbox', { name: 'Secret key' }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await add.getByLabel('Device name').fill('phone');
  await add.getByLabel('Authenticator code').fill(totpCode(secret));
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(add).toBeHidden();
  await expect(devices.getByRole('row').filter({ hasText: 'phone' })).toContainText('Authenticator App');

  // The app's next code (a code is good once: the one used to register cannot sign in again).
  await logout(page, name);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill(e2ePassword);
  await page.getByRole('radio', { name: 'Authenticator App' }).check();
  await page.getByLabel('Authenticator code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainNav(page)).toBeVisible();

  await page.goto('/web/account/twofactor');
  await page.getByRole('button', { name: 'Remove phone' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove phone?' });
  await remove.getByRole('button', { name: 'Use security key' }).click();
  await expect(remove).toBeHidden();
  await expect(devices.getByRole('row').filter({ hasText: 'phone' })).toHaveCount(0);
  await expect(devices.getByRole('row').filter({ hasText: 'yubikey' })).toHaveCount(1);
});

test.describe('with a role that requires a second factor per session', () => {
  const stamp = Date.now();
  const role = `session-mfa-${stamp}`;
  const name = `guarded-${stamp}`;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-role-'));
    const file = path.join(dir, 'role.yaml');
    writeFileSync(
      file,
      `kind: role\nmetadata:\n  name: ${role}\nspec:\n  options:\n    require_session_mfa: true\n  allow:\n    logins: [root]\n    node_labels: { '*': '*' }\n    rules:\n      - { resources: [node], verbs: [list, read] }\n`,
    );
    await admin(['roles', 'create', '-f', file]);
    rmSync(dir, { recursive: true, force: true });
    ({ page } = await withKey(browser));
    await acceptWithKey(page, await invite(name, [role]));
  });

  test('the console asks for a key tap before the shell prints anything', async () => {
    await page.goto('/web/cluster/localhost/nodes');
    await connectToNode(page, machine);
    const prompt = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await expect(prompt).toBeVisible();
    await expect(terminalText(page)).toHaveText('');
    await prompt.getByRole('button', { name: 'Use security key' }).click();
    await expect(prompt).toBeHidden();
    await expectSessionTab(page, machine);
    await focusTerminal(page);
    await typeLine(page, `echo tapped-$((40+2))`);
    await expect(terminalText(page)).toContainText('tapped-42');
  });

  test('portcullis ssh --headless prints a link; approving it with a tap runs the command and returns its output', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-home-'));
    const child = portcullis(['ssh', '--headless', '--proxy', mfa.url, '--user', name, `root@${machine}`, 'echo', `headless-${stamp}`], {
      PORTCULLIS_HOME: home,
    });
    const done = finished(child);
    const link = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString();
        const match = /https?:\/\/\S+\/web\/headless\/\S+/.exec(stderr);
        if (match) resolve(match[0]);
      });
      child.once('exit', (code) => reject(new Error(`portcullis ssh exited with ${code} before printing a link:\n${stderr}`)));
    });
    await page.goto(link);
    await expect(page.getByText('127.0.0.1')).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Verify Your Identity' }).getByRole('button', { name: 'Use security key' }).click();
    await expect(page.getByText('The request has been approved.')).toBeVisible();
    const { code, stdout, stderr } = await done;
    rmSync(home, { recursive: true, force: true });
    expect({ code, stderr: stderr.includes(link) }).toEqual({ code: 0, stderr: true });
    expect(stdout).toBe(`headless-${stamp}\n`);
  });
});
