import { existsSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startXvnc, type RunningXvnc } from '../../packages/gateway/test/desktops/xvnc';
import { apiSession, createRoles } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

const cluster = 'localhost';
const main = gateway('main');
const stamp = Date.now();
const desktop = `box-${stamp}`;
const typedFile = `/tmp/portcullis-e2e-typed-${stamp}`;

let xvnc: RunningXvnc;
let agent: RunningAgent;

test.beforeAll(async () => {
  // A real TigerVNC server with an xterm on a green background at its top left: the known content.
  xvnc = await startXvnc({ xterm: true });
  const admin = await apiSession(main.url);
  agent = await startAgent(admin, main.url, `desktop-e2e-${stamp}`, { desktops: [`${desktop}=vnc://127.0.0.1:${xvnc.port}`] });
  await admin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
  await xvnc?.stop();
  rmSync(typedFile, { force: true });
});

const desktopRole = `kind: role
metadata: { name: desktops-${stamp} }
spec:
  allow:
    windows_desktop_labels: { '*': '*' }
    windows_desktop_logins: [alice]
    rules: [{ resources: [windows_desktop], verbs: [list, read] }]
`;

/** The colour noVNC drew at (x, y) of its canvas, as [r, g, b]. */
const pixel = (page: Page, x: number, y: number) =>
  page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement, [px, py]) => [...canvas.getContext('2d')!.getImageData(px!, py!, 1, 1).data.slice(0, 3)], [x, y]);
const canvasWidth = (page: Page) => page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.width);

const green = [0, 255, 0];
const red = [205, 0, 0];

test('a desktop opens from Desktops on noVNC, shows its xterm, takes typing, follows the window, and plays back with seek', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await createRoles(baseURL!, [desktopRole]);
  await signInAsAdmin(page);
  const user = await signedInUser(browser, page, `desktop-user-${stamp}`, [`desktops-${stamp}`]);

  await user.goto(`/web/cluster/${cluster}/desktops`);
  const row = user.getByRole('row').filter({ hasText: desktop });
  await expect(row).toContainText(`127.0.0.1:${xvnc.port}`);
  await row.getByRole('button', { name: 'Connect' }).click();
  const [session] = await Promise.all([user.context().waitForEvent('page'), user.getByRole('menuitem', { name: 'alice' }).click()]);
  await session.setViewportSize({ width: 1200, height: 800 });
  await expect(session).toHaveURL(new RegExp(`/web/cluster/${cluster}/desktops/${desktop}/alice$`));
  await expect(session.getByText('Connected', { exact: true })).toBeVisible();

  // The xterm's green shows where the desktop has it, drawn through the gateway.
  await expect.poll(() => pixel(session, 200, 150)).toEqual(green);

  // The desktop follows the window: noVNC asks for the page's size and the server takes it.
  await session.setViewportSize({ width: 1000, height: 700 });
  await expect.poll(() => canvasWidth(session)).toBe(1000);

  // Typing reaches the xterm's shell, which writes the file it is told to.
  await session.locator('canvas').first().click({ position: { x: 200, y: 150 } });
  await session.keyboard.type(`echo typed > ${typedFile}`);
  await session.keyboard.press('Enter');
  await expect.poll(() => existsSync(typedFile), { timeout: 15_000 }).toBe(true);

  // Halfway through, the xterm turns red: the playback must show green before that and red after.
  await session.keyboard.type("printf '\\e[41m'; clear");
  await session.keyboard.press('Enter');
  await expect.poll(() => pixel(session, 200, 150)).toEqual(red);
  await session.getByRole('button', { name: 'Disconnect' }).click();
  await expect(session.getByText('Disconnected', { exact: true })).toBeVisible();

  // The recording is listed and plays; seeking near its end shows the red, near its start the green.
  await page.goto(`/web/cluster/${cluster}/recordings`);
  const recording = page.getByRole('row').filter({ hasText: desktop });
  await expect(recording).toHaveCount(1);
  await recording.getByRole('link', { name: /^Play / }).click();
  const player = page;
  await expect(player).toHaveURL(/recordingType=desktop/);
  const seek = player.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeVisible();
  const track = (await seek.boundingBox())!;
  await player.mouse.click(track.x + track.width * 0.95, track.y + track.height / 2);
  await expect.poll(() => pixel(player, 200, 150)).toEqual(red);
  await player.mouse.click(track.x + track.width * 0.05, track.y + track.height / 2);
  await expect.poll(() => pixel(player, 200, 150)).toEqual(green);
});
