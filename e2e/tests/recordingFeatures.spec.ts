import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { apiSession } from '../fixtures/api';
import { signInAsAdmin } from '../fixtures/console';
import { connectToAgentNode, terminalText, typeLine } from '../fixtures/terminal';

const cluster = 'localhost';
const cli = path.resolve('packages/gateway/dist/cli.js');

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const player = (page: Page) => page.locator('[data-testid="player-terminal"] .xterm-rows');

/**
 * One recorded shell on the gateway's agent node that prints `${word}-42` for each of `words`, the shell sleeping
 * `gapSeconds` before each but the first (the test waits for each output, not for time to pass).
 */
async function recordSession(page: Page, words: string[], gapSeconds = 0): Promise<void> {
  await connectToAgentNode(page);
  await page.locator('[data-testid="terminal"]:visible').click();
  for (const [i, word] of words.entries()) {
    await typeLine(page, `${i && gapSeconds ? `sleep ${gapSeconds}; ` : ''}echo ${word}-$((6*7))`);
    await expect(terminalText(page)).toContainText(`${word}-42`, { timeout: 15_000 });
  }
  await typeLine(page, 'exit');
}

/** Runs `portcullis recordings verify` on a file against the gateway's published keys. */
const verify = (file: string, baseURL: string) =>
  spawnSync(process.execPath, [cli, 'recordings', 'verify', file, '--proxy', baseURL], { encoding: 'utf8' });

test('search finds a string typed in one session among many and opens the player there; the export verifies, and a changed byte does not', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await recordSession(page, [`first-${stamp}`]);
  // The needle comes seconds into its session, so the player opening "at it" is not opening at the start.
  await recordSession(page, [`warmup-${stamp}`, `needle-${stamp}`, `after-${stamp}`], 3);
  await recordSession(page, [`last-${stamp}`]);

  await page.goto(`/web/cluster/${cluster}/recordings`);
  const search = page.getByRole('search', { name: 'Recordings' });
  await search.getByLabel('Search recordings').fill(`needle-${stamp}`);
  await search.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: 'Recording search results' });
  // What was typed, and what the terminal printed: the command line's echo and the command's output.
  const hits = results.getByRole('row').filter({ hasText: `needle-${stamp}` });
  await expect(hits.filter({ hasText: 'input' })).toHaveCount(1);
  const printed = hits.filter({ hasText: 'output' }).filter({ hasNotText: 'echo' });
  await expect(printed).toHaveCount(1);
  await printed.getByRole('link', { name: /^Play / }).click();
  await expect(page).toHaveURL(/recordingType=ssh.*&t=\d+/);
  const t = Number(new URL(page.url()).searchParams.get('t'));
  expect(t).toBeGreaterThan(2_500);
  // The player opens at that moment: the command is on the screen, what came seconds later is not yet.
  await expect(player(page)).toContainText(`echo needle-${stamp}`);
  await expect(player(page)).not.toContainText(`after-${stamp}`);

  // Export: a signed asciicast file the command line verifies against the gateway's keys; one byte changed fails.
  const arrived = page.waitForEvent('download');
  await page.getByRole('complementary', { name: 'Recording' }).getByRole('button', { name: 'Export' }).click();
  const download = await arrived;
  const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-export-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/\.cast$/);
  const good = verify(file, baseURL!);
  expect(good.stderr + good.stdout).toMatch(/^verified: session /m);
  expect(good.status).toBe(0);
  const bytes = readFileSync(file);
  const at = bytes.indexOf(`needle-${stamp}`, bytes.indexOf('\n'));
  bytes[at] = bytes[at] === 0x6e ? 0x4e : 0x6e;
  const tampered = path.join(dir, 'tampered.cast');
  writeFileSync(tampered, bytes);
  const bad = verify(tampered, baseURL!);
  expect(bad.status).toBe(1);
  expect(bad.stderr + bad.stdout).not.toMatch(/^verified/m);
});

test('a share link plays for a signed-out browser until it expires, then refuses', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await recordSession(page, [`shared-${stamp}`]);
  await page.goto(`/web/cluster/${cluster}/recordings`);
  await page.getByRole('row').filter({ hasText: 'admin' }).first().getByRole('link', { name: 'play' }).click();
  await expect(page).toHaveURL(/recordingType=ssh/);
  const sid = new URL(page.url()).pathname.split('/').at(-1)!;

  // Made in the console: the link is shown once, then listed with its views.
  await page.getByRole('complementary', { name: 'Recording' }).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share recording' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/web\/shared\/recordings\/[^/]+$/);

  const stranger = await browser.newContext();
  const viewer = await stranger.newPage();
  await viewer.goto(link);
  await expect(viewer.getByText(/^Shared by admin, until /)).toBeVisible();
  await expect(player(viewer)).toContainText(`shared-${stamp}`);
  // Signed out: nothing else of the console opens with it.
  await viewer.goto(`/web/cluster/${cluster}/recordings`);
  await expect(viewer).toHaveURL(/\/web\/login/);

  // A link that lives seconds: it plays, then, expired, refuses.
  const admin = await apiSession(baseURL!);
  const short = await admin.post(`/v1/webapi/sites/${cluster}/sessions/${sid}/recording/shares`, { expiresIn: '8s' });
  expect(short.status(), await short.text()).toBe(200);
  const { url } = (await short.json()) as { url: string };
  await viewer.goto(url);
  await expect(player(viewer)).toContainText(`shared-${stamp}`);
  await expect(async () => {
    await viewer.goto(url);
    await expect(viewer.getByText(/This link is not valid/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await admin.context.dispose();
  await stranger.close();
});
