import { expect, test } from '@playwright/test';
import { apiSession } from '../fixtures/api';
import { e2eAws } from '../fixtures/aws';
import { acceptInvite } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

const stamp = Date.now();
/** Enrols databases and sees them; editor (which manages integrations) grants neither. */
const databaseRole = `kind: role
metadata: { name: rds-enroller-${stamp} }
spec:
  allow:
    db_labels: { '*': '*' }
    rules: [{ resources: [db, db_server], verbs: [list, read, create] }]
`;

/**
 * An AWS OIDC integration enrolled from the console, then used by the wizard to list and enrol an RDS database.
 * AWS is the STAND-IN started by global setup (e2e/fixtures/aws.ts): it trusts the main gateway as an OpenID
 * issuer and checks its token against the keys the gateway publishes, as AWS would.
 */
test('an AWS OIDC integration lists RDS databases in the wizard, and the one picked is enrolled as RDS', async ({ browser, baseURL }) => {
  const integration = `aws-e2e-${stamp}`;
  // A user who manages integrations and enrols databases, made through the API.
  const admin = await apiSession(baseURL!);
  const name = `rds-enroller-${stamp}`;
  expect((await admin.post('/v1/webapi/roles', { content: databaseRole })).status()).toBe(200);
  expect((await admin.post('/v1/webapi/users', { name, roles: ['editor', 'access', name] })).status()).toBe(200);
  const invite = (await (await admin.post('/v1/webapi/users/password/token', { name, type: 'invite' })).json()) as { tokenId: string };
  await admin.context.dispose();
  const page = await (await browser.newContext({ baseURL })).newPage();
  await acceptInvite(page, `${baseURL}/web/invite/${invite.tokenId}`);

  await page.goto('/web/integrations');
  await page.getByRole('link', { name: 'Enroll New Integration' }).first().click();
  await page.getByRole('link', { name: 'AWS OIDC' }).click();
  // The setup names the gateway's public URL as the provider AWS must trust.
  await expect(page.getByText(gateway('main').url, { exact: true }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Integration name' }).fill(integration);
  await page.getByRole('textbox', { name: 'Role ARN' }).fill(e2eAws.roleArn);
  await page.getByRole('button', { name: 'Enroll Integration' }).click();
  await expect(page).toHaveURL(/\/web\/integrations$/);
  await expect(page.getByRole('row', { name: new RegExp(integration) })).toContainText(e2eAws.roleArn);

  await page.goto('/web/discover');
  await page.getByRole('radio', { name: 'Amazon RDS PostgreSQL', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Integration' }).click();
  await page.getByRole('option', { name: integration, exact: true }).click();
  await page.getByRole('textbox', { name: 'Region' }).fill(e2eAws.region);
  await page.getByRole('button', { name: 'List databases' }).click();
  const rds = page.getByRole('table', { name: 'RDS databases' });
  // Only the PostgreSQL engines were asked for: the region's MySQL instance is not offered.
  await expect(rds.getByRole('row', { name: new RegExp(e2eAws.postgres.name) })).toContainText(`${e2eAws.postgres.endpoint}:5432`);
  await expect(rds.getByRole('row', { name: new RegExp(e2eAws.mysql.name) })).toHaveCount(0);
  await rds.getByRole('radio', { name: e2eAws.postgres.name }).check();
  await page.getByRole('button', { name: 'Enrol database' }).click();
  await expect(page.locator('pre code').filter({ hasText: 'install-database.sh' })).toBeVisible();

  await page.goto('/web/cluster/localhost/databases');
  await expect(page.getByRole('row', { name: new RegExp(e2eAws.postgres.name) })).toContainText('RDS PostgreSQL');
});
