import os from 'node:os';
import { expect, test } from '@playwright/test';
import { oidcClient, type OpenIdProvider, startOpenIdProvider } from '../../packages/gateway/test/sso/openIdProvider';
import { chromiumLaunch } from '../chromium';
import { apiSession } from '../fixtures/api';
import { gateway } from '../fixtures/gateways';
import { openTerminal, terminalText, typeLine } from '../fixtures/terminal';

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const main = gateway('main');
const machine = os.hostname();
const stamp = Date.now();
const role = `sso-shell-${stamp}`;
const connectorName = `e2e-idp-${stamp}`;
let idp: OpenIdProvider;

/** Creates a role and an OIDC connector mapping the provider's `e2e-ops` group to it, as the admin, over the API. */
async function configureGateway(issuer: string) {
  const api = await apiSession(main.url);
  const roleYaml = `kind: role\nmetadata:\n  name: ${role}\nspec:\n  allow:\n    logins: ['{{internal.logins}}']\n    node_labels: { '*': '*' }\n    rules:\n      - { resources: [node], verbs: [list, read] }\n`;
  expect((await api.post('/v1/webapi/roles', { content: roleYaml })).status()).toBe(200);
  const connectorYaml = `kind: oidc
version: v3
metadata:
  name: ${connectorName}
spec:
  display: Sign in with the E2E provider
  client_id: ${oidcClient.id}
  client_secret: ${oidcClient.secret}
  issuer_url: ${issuer}
  redirect_url: ${main.url}/v1/webapi/oidc/callback
  scope: [openid, email, profile]
  claims_to_roles:
    - { claim: groups, value: e2e-ops, roles: [${role}] }
`;
  const created = await api.post('/v1/webapi/oidc/connectors', { content: connectorYaml });
  expect(created.status(), await created.text()).toBe(200);
  return async () => {
    await api.delete(`/v1/webapi/oidc/connectors/${connectorName}`);
    await api.context.dispose();
  };
}

let unconfigure: () => Promise<void>;
test.beforeAll(async () => {
  idp = await startOpenIdProvider(`${main.url}/v1/webapi/oidc/callback`);
  unconfigure = await configureGateway(idp.issuer);
});
test.afterAll(async () => {
  await unconfigure();
  await idp.close();
});

test('a user signs in through the OpenID provider’s own login page, gets roles from its claims and opens a shell', async ({ page }) => {
  const account = `sso-ops-${stamp}`;
  idp.accounts[account] = { email: `${account}@example.com`, groups: ['e2e-ops'], logins: ['root'] };

  await page.goto('/web/login');
  await page.getByRole('button', { name: 'Sign in with the E2E provider' }).click();
  // The provider's pages, on its own origin: any password for a known account, then consent.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/`));
  await page.getByPlaceholder('Enter any login').fill(account);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: `${account}@example.com` })).toBeVisible();
  await page.goto('/web/cluster/localhost/nodes');
  await openTerminal(page, machine);
  await typeLine(page, `echo sso-$((6*7))`);
  await expect(terminalText(page)).toContainText('sso-42');
});

test('a sign-in cancelled at the provider lands on the login failed page, which offers to try again', async ({ page }) => {
  await page.goto('/web/login');
  await page.getByRole('button', { name: 'Sign in with the E2E provider' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/\/web\/msg\/error\/login\/callback\?details=/);
  await expect(page.getByRole('heading', { name: 'Login Unsuccessful' })).toBeVisible();
  await expect(page.getByText(/^the identity provider refused the sign-in: .+/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please attempt to log in again.' })).toBeVisible();
});
