import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { createRoles } from '../fixtures/api';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { connectToAgentNode, joinFirstActiveSession, terminalText, typeLine } from '../fixtures/terminal';

const cluster = 'localhost';

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const roles = (stamp: number) => ({
  owner: `kind: role
metadata: { name: mod-owner-${stamp} }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules: [{ resources: [node], verbs: [list, read] }]
    require_session_join:
      - name: needs-moderator
        filter: 'contains(user.spec.roles, "mod-moderator-${stamp}")'
        kinds: ['*']
        modes: [moderator]
        count: 1
        on_leave: pause
`,
  moderator: `kind: role
metadata: { name: mod-moderator-${stamp} }
spec:
  allow:
    join_sessions: [{ name: moderate, roles: [mod-owner-${stamp}], kinds: ['*'], modes: [moderator] }]
    rules: [{ resources: [session_tracker], verbs: [list, read] }]
`,
});

test('a moderated session waits for its moderator, a download waits for the moderator’s approval, and the moderator ends it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const r = roles(stamp);
  await createRoles(baseURL!, [r.owner, r.moderator]);
  await signInAsAdmin(page);
  const owner = await signedInUser(browser, page, `mod-owner-${stamp}`, [`mod-owner-${stamp}`]);
  const moderator = await signedInUser(browser, page, `moderator-${stamp}`, [`mod-moderator-${stamp}`]);

  // The owner opens a shell on the gateway's own agent node: it waits, and what is typed meanwhile goes nowhere.
  await connectToAgentNode(owner, cluster);
  await expect(terminalText(owner)).toContainText('waiting for 1 moderator to join: policy needs-moderator');
  await owner.locator('[data-testid="terminal"]:visible').click();
  await typeLine(owner, 'echo typed-while-waiting');

  // The moderator joins from Active Sessions; the session starts.
  await moderator.goto(`/web/cluster/${cluster}/sessions`);
  await joinFirstActiveSession(moderator, 'Moderator');
  await expect(moderator).toHaveURL(new RegExp(`/web/cluster/${cluster}/console/session/[^/?]+\\?mode=moderator$`));
  await expect(terminalText(owner)).toContainText('the session has started');
  await owner.locator('[data-testid="terminal"]:visible').click();
  await typeLine(owner, 'echo moderated-$((6*7))');
  await expect(terminalText(owner)).toContainText('moderated-42');
  await expect(terminalText(moderator)).toContainText('moderated-42');
  // What was typed before the start never reached the shell, which would have echoed it.
  await expect(terminalText(owner)).not.toContainText('typed-while-waiting');

  // A download waits for the moderator's approval, then arrives.
  await owner.getByRole('button', { name: 'Download a file' }).click();
  const download = owner.getByRole('dialog', { name: /^Download from root@/ });
  await download.getByLabel('File path').fill('/etc/hosts');
  const arrived = owner.waitForEvent('download');
  await download.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(owner.getByText('Waiting for a moderator to approve')).toBeVisible();
  const request = moderator.getByRole('dialog', { name: 'File transfer request' });
  await expect(request).toContainText(`mod-owner-${stamp} wants to download /etc/hosts`);
  await request.getByRole('button', { name: 'Approve' }).click();
  const file = await arrived;
  await expect(download.getByText('Downloaded hosts')).toBeVisible();
  expect((await readFile(await file.path())).equals(await readFile('/etc/hosts'))).toBe(true);
  await download.getByRole('button', { name: 'Close' }).click();

  // The moderator ends the session for everyone.
  await moderator.getByRole('button', { name: 'End session' }).click();
  await expect(terminalText(owner)).toContainText(`the session was ended by moderator moderator-${stamp}`);
  await expect(owner.getByRole('tab', { selected: true })).toContainText('Ended');
});
