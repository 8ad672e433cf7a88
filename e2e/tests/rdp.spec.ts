import { existsSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startTestXrdp, type TestXrdp } from '../../packages/gateway/test/desktops/rdpXrdpServer';
import { apiSession, createRoles } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

const cluster = 'localhost';
const main = gateway('main');
const stamp = Date.now();
const desktop = `rdp-${stamp}`;
const typedFile = `/tmp/portcullis-e2e-rdp-${stamp}`;

// xrdp runs sessions as a Linux user the test creates, which takes root.
test.skip(process.getuid?.() !== 0, 'the xrdp server needs a Linux user of its own: run as root');

let xrdp: TestXrdp;
let agent: RunningAgent;

test.beforeAll(async () => {
  // A real xrdp whose sessions show an xterm (white) at the top left; the agent reaches it with FreeRDP.
  xrdp = await startTestXrdp();
  const admin = await apiSession(main.url);
  agent = await startAgent(admin, main.url, `rdp-e2e-${stamp}`, { desktops: [`${desktop}=rdp://${xrdp.user}:${encodeURIComponent(xrdp.password)}@127.0.0.1:${xrdp.port}`] });
  await admin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
  await xrdp?.stop();
  rmSync(typedFile, { force: true });
});

const role = () => `kind: role
metadata: { name: rdp-${stamp} }
spec:
  allow:
    windows_desktop_labels: { '*': '*' }
    windows_desktop_logins: [${xrdp.user}]
    rules: [{ resources: [windows_desktop], verbs: [list, read] }]
`;

const pixel = (page: Page, x: number, y: number) =>
  page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement, [px, py]) => [...canvas.getContext('2d')!.getImageData(px!, py!, 1, 1).data.slice(0, 3)], [x, y]);
const canvasWidth = (page: Page) => page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.width);

test('an RDP desktop opens on noVNC through FreeRDP on the agent, shows its xterm, takes typing and follows the window', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await createRoles(baseURL!, [role()]);
  await signInAsAdmin(page);
  const user = await signedInUser(browser, page, `rdp-user-${stamp}`, [`rdp-${stamp}`]);

  await user.goto(`/web/cluster/${cluster}/desktops`);
  const row = user.getByRole('row').filter({ hasText: desktop });
  await row.getByRole('button', { name: 'Connect' }).click();
  const [session] = await Promise.all([user.context().waitForEvent('page'), user.getByRole('menuitem', { name: xrdp.user }).click()]);
  await session.setViewportSize({ width: 1200, height: 800 });
  await expect(session.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The xterm's white background where the RDP session has it.
  await expect.poll(() => pixel(session, 200, 150), { timeout: 30_000 }).toEqual([255, 255, 255]);

  // Keys go to the window under the pointer (the session has no window manager): click into the xterm, type.
  await session.locator('canvas').first().click({ position: { x: 200, y: 150 } });
  await session.keyboard.type(`touch ${typedFile}`);
  await session.keyboard.press('Enter');
  await expect.poll(() => existsSync(typedFile), { timeout: 20_000 }).toBe(true);

  // The RDP session follows the window: noVNC resizes the private screen, FreeRDP the RDP session.
  await session.setViewportSize({ width: 1000, height: 700 });
  await expect.poll(() => canvasWidth(session), { timeout: 20_000 }).toBe(1000);
});
