import { auditQueryText } from '@portcullis/shared';
import { expect, test } from '@playwright/test';
import { apiSession, createRoles } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { gateway } from '../fixtures/gateways';

const cluster = 'localhost';
const main = gateway('main');
const stamp = Date.now();
const names = { pg: `pg-${stamp}`, maria: `maria-${stamp}`, cache: `cache-${stamp}` };

let agent: RunningAgent;

test.beforeAll(async () => {
  const admin = await apiSession(main.url);
  // The machine's real databases, served by a real agent process beside them.
  agent = await startAgent(admin, main.url, `db-e2e-${stamp}`, {
    databases: [`${names.pg}=postgres://postgres@127.0.0.1:5432/test`, `${names.maria}=mysql://root@127.0.0.1:3306/test`, `${names.cache}=redis://127.0.0.1:6379`],
  });
  await admin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
});

const dbRole = `kind: role
metadata: { name: db-${stamp} }
spec:
  allow:
    db_labels: { '*': '*' }
    db_users: [postgres]
    db_names: [test]
    rules: [{ resources: [db_server, db], verbs: [list, read] }]
`;

/** Longer than the audit list shows: the list cuts it at 80 characters, the details keep it whole. */
const longQuery = `select 1 as one, 2 as two, 3 as three, 4 as four, 5 as five, 6 as six, 7 as seven, '${stamp}' as stamp`;

test('the Databases page lists the three, the query console runs statements on PostgreSQL, and the audit log keeps them', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await createRoles(baseURL!, [dbRole]);
  await signInAsAdmin(page);
  const user = await signedInUser(browser, page, `db-user-${stamp}`, [`db-${stamp}`]);

  // The list names each database's hosting and protocol as the spec titles them.
  await user.goto(`/web/cluster/${cluster}/databases`);
  await expect(user.getByRole('row').filter({ hasText: names.pg })).toContainText('Self-hosted PostgreSQL');
  await expect(user.getByRole('row').filter({ hasText: names.maria })).toContainText('Self-hosted MySQL/MariaDB');
  await expect(user.getByRole('row').filter({ hasText: names.cache })).toContainText('Self-hosted Redis');

  // Connect offers the user and name the roles grant, the command lines, and the console in a tab of its own.
  await user.getByRole('button', { name: `Connect to ${names.pg}` }).click();
  const dialog = user.getByRole('dialog', { name: `Connect to ${names.pg}` });
  await expect(dialog).toContainText(`portcullis db connect ${names.pg} --db-user postgres --db-name test`);
  const [console] = await Promise.all([user.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Open query console' }).click()]);
  await expect(console).toHaveURL(new RegExp(`/web/cluster/${cluster}/console/db/${names.pg}/postgres/test$`));
  await expect(console.getByText(`Connected to ${names.pg} (PostgreSQL) as postgres, database test.`)).toBeVisible();

  const editor = console.getByRole('textbox', { name: 'Statement' });
  await editor.click();
  await console.keyboard.type('select 1');
  await console.keyboard.press('Control+Enter');
  const first = console.getByRole('table', { name: 'Result of statement 1' });
  await expect(first.getByRole('columnheader')).toHaveText(['?column?']);
  await expect(first.getByRole('cell')).toHaveText(['1']);
  await expect(console.getByRole('article', { name: 'Statement 1' })).toContainText('SELECT 1');

  await editor.click();
  await console.keyboard.press('Control+A');
  await console.keyboard.type(longQuery);
  await console.getByRole('button', { name: 'Run' }).click();
  await expect(console.getByRole('table', { name: 'Result of statement 2' }).getByRole('cell').last()).toHaveText(String(stamp));

  // The audit log holds both statements: the long one cut to 80 characters in the list, whole in the details.
  await page.goto(`/web/cluster/${cluster}/audit`);
  const short = page.getByRole('row').filter({ hasText: `has executed query [select 1] in database [test] on [${names.pg}]` });
  await expect(short).toHaveCount(1);
  const long = page.getByRole('row').filter({ hasText: `has executed query [${auditQueryText(longQuery)}]` });
  await expect(long).toHaveCount(1);
  expect(auditQueryText(longQuery)).toHaveLength(83);
  await long.getByRole('button', { name: /^Details / }).click();
  await expect(page.getByLabel('Event JSON')).toContainText(`"db_query": "${longQuery}"`);
});
