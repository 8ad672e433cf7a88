import { expect, test } from '@playwright/test';
import { apiSession, createRoles } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';
import { startTestApp, type TestApp } from '../fixtures/testApp';

const cluster = 'localhost';
const main = gateway('main');
const stamp = Date.now();
const appName = `web-${stamp}`;
/** The app's own host on the gateway's port: Chromium resolves every *.localhost name to loopback. */
const appOrigin = `http://${appName}.localhost:${new URL(main.url).port}`;

let app: TestApp;
let agent: RunningAgent;

test.beforeAll(async () => {
  app = await startTestApp({ url: main.url, appOrigin: () => appOrigin });
  const admin = await apiSession(main.url);
  agent = await startAgent(admin, main.url, `apps-e2e-${stamp}`, { apps: [`${appName}=http://127.0.0.1:${app.port}`] });
  await admin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
  await app?.close();
});

const appRole = `kind: role
metadata: { name: apps-${stamp} }
spec:
  allow:
    app_labels: { '*': '*' }
    rules: [{ resources: [app_server], verbs: [list, read] }]
`;

test('an app is launched from Applications, renders on its own host with a verified identity, its websocket echoes, and no console cookie reaches it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await createRoles(baseURL!, [appRole]);
  await signInAsAdmin(page);
  const name = `app-user-${stamp}`;
  const user = await signedInUser(browser, page, name, [`apps-${stamp}`]);

  // Applications lists the app the agent serves; Launch opens it in a new tab through the launcher.
  await user.goto(`/web/cluster/${cluster}/apps`);
  const row = user.getByRole('row').filter({ hasText: appName });
  await expect(row).toContainText(`${appName}.localhost:${new URL(main.url).port}`);
  const [opened] = await Promise.all([user.context().waitForEvent('page'), row.getByRole('link', { name: 'Launch' }).click()]);

  // The app answers on its own host, having verified the gateway's signed identity header against the JWKS.
  await expect(opened).toHaveURL(`${appOrigin}/`);
  await expect(opened.locator('#user')).toHaveText(`verified as ${name}`);
  await expect(opened.locator('#echo')).toHaveText('echo: ping-42');

  // Nothing of the console's session went to the app: only its own cookies, never a bearer.
  expect(app.seen.length).toBeGreaterThanOrEqual(2);
  for (const request of app.seen) {
    expect(request.cookieNames.filter((c) => c.startsWith('grv_'))).toEqual([]);
    expect(request.authorization).toBe(false);
    expect(request.identity).toEqual({ user: name });
  }
  expect(app.seen.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/echo']));

  // The app session is in the audit log.
  const admin = await apiSession(baseURL!);
  const from = new Date(stamp - 60_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const found = (await (await admin.get(`/v1/webapi/sites/${cluster}/events/search?from=${from}&to=${to}&limit=5000`)).json()) as {
    events: Array<{ event: string; user?: string; app_name?: string }>;
  };
  expect(found.events.filter((e) => e.event === 'app.session.start' && e.app_name === appName).map((e) => e.user)).toEqual([name]);
  await admin.context.dispose();
});
