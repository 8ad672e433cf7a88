import { eventCatalogue, eventCodes } from '@portcullis/shared';
import { expect, test } from '@playwright/test';
import { createUser, signInAsAdmin } from '../fixtures/console';

test('the audit log shows the logins and the user creation with their catalogue messages', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = `audited-${Date.now()}`;
  await createUser(page, name, ['access']);
  await page.goto('/web/cluster/localhost/audit');
  const login = eventCatalogue[eventCodes.USER_LOCAL_LOGIN]!;
  const created = eventCatalogue[eventCodes.USER_CREATE]!;
  const loginMessage = login.format({ code: login.code, event: login.type, time: '', user: 'admin' });
  const logins = page.getByRole('row').filter({ hasText: loginMessage });
  await expect(logins.first()).toContainText(login.desc);
  const creationMessage = created.format({ code: created.code, event: created.type, time: '', name });
  const creation = page.getByRole('row').filter({ hasText: creationMessage });
  await expect(creation).toHaveCount(1);
  await expect(creation).toContainText(created.desc);

  // The details show the stored event as JSON (its one action is a button of its own, not a one-item menu).
  await creation.getByRole('button', { name: /^Details / }).click();
  await expect(page.getByLabel('Event JSON')).toContainText(`"code": "${created.code}"`);
});
