import { type Page, expect, test } from '@playwright/test';
import { chromiumLaunch } from '../chromium';
import { createRoles } from '../fixtures/api';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { joinFirstActiveSession, terminalText, typeLine } from '../fixtures/terminal';

const cluster = 'localhost';

// The DOM renderer keeps the terminal's text readable (WebGL paints into a canvas).
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

const roles = (stamp: number) => ({
  owner: `kind: role
metadata: { name: sess-owner-${stamp} }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules: [{ resources: [node, session, session_tracker], verbs: [list, read] }]
`,
  observer: `kind: role
metadata: { name: sess-observer-${stamp} }
spec:
  allow:
    join_sessions: [{ name: watch, roles: [sess-owner-${stamp}], kinds: [ssh], modes: [observer] }]
    rules: [{ resources: [session_tracker], verbs: [list, read] }]
`,
  peer: `kind: role
metadata: { name: sess-peer-${stamp} }
spec:
  allow:
    join_sessions: [{ name: pair, roles: [sess-owner-${stamp}], kinds: [ssh], modes: [peer] }]
    rules: [{ resources: [session_tracker], verbs: [list, read] }]
`,
});

const player = (page: Page) => page.locator('[data-testid="player-terminal"] .xterm-rows');

test('an observer sees the same output and cannot type, a peer can, and the recording replays it with seeking', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const r = roles(stamp);
  await createRoles(baseURL!, [r.owner, r.observer, r.peer]);
  await signInAsAdmin(page);
  const owner = await signedInUser(browser, page, `owner-${stamp}`, [`sess-owner-${stamp}`]);
  const observer = await signedInUser(browser, page, `observer-${stamp}`, [`sess-observer-${stamp}`]);
  const peer = await signedInUser(browser, page, `peer-${stamp}`, [`sess-peer-${stamp}`]);

  // The owner opens a shell on the gateway's own agent node.
  await owner.goto(`/web/cluster/${cluster}/nodes`);
  const agentRow = owner.getByRole('row').filter({ hasText: '⟵ Tunnel' }).first();
  await agentRow.getByRole('button', { name: 'Connect' }).click();
  await owner.getByRole('menuitem', { name: 'root', exact: true }).click();
  const started = Date.now();
  await owner.locator('[data-testid="terminal"]:visible').click();
  await typeLine(owner, 'echo first-$((6*7))');
  await expect(terminalText(owner)).toContainText('first-42');

  // Another browser context lists it on Active Sessions and joins as observer: same screen, no typing.
  await observer.goto(`/web/cluster/${cluster}/sessions`);
  await joinFirstActiveSession(observer, 'Observer');
  await expect(observer).toHaveURL(new RegExp(`/web/cluster/${cluster}/console/session/[^/?]+\\?mode=observer$`));
  await expect(terminalText(observer)).toContainText('first-42');
  await expect(terminalText(owner)).toContainText(`observer-${stamp} joined the session as observer`);
  await observer.locator('[data-testid="terminal"]').click();
  await typeLine(observer, 'echo observer-typed');
  await owner.locator('[data-testid="terminal"]:visible').click();
  await typeLine(owner, 'echo live-$((7*6))');
  await expect(terminalText(observer)).toContainText('live-42');
  const liveAt = Date.now() - started;
  await expect(terminalText(owner)).not.toContainText('observer-typed');

  // A peer joins from the same list and types into the shell, a few seconds later (the seek below lands between).
  await owner.waitForTimeout(6_000);
  await peer.goto(observer.url().replace('mode=observer', 'mode=peer'));
  await expect(terminalText(peer)).toContainText('live-42');
  await peer.locator('[data-testid="terminal"]').click();
  await typeLine(peer, 'echo peer-$((40+2))');
  await expect(terminalText(owner)).toContainText('peer-42');
  await expect(terminalText(observer)).toContainText('peer-42');

  // The session ends; it appears in Session Recordings and plays back the same output.
  await owner.locator('[data-testid="terminal"]:visible').click();
  await typeLine(owner, 'exit');
  await owner.goto(`/web/cluster/${cluster}/recordings`);
  const row = owner.getByRole('row').filter({ hasText: `owner-${stamp}` }).first();
  await row.getByRole('link', { name: 'play' }).click();
  await expect(owner).toHaveURL(new RegExp(`/web/cluster/${cluster}/session/[^/?]+\\?recordingType=ssh&durationMs=\\d+`));
  await expect(owner.locator('[data-testid="player-terminal"]')).toHaveAttribute('data-status', /playing|ended/);
  await owner.keyboard.press('End');
  await expect(player(owner)).toContainText('peer-42');
  for (const text of ['first-42', 'live-42']) await expect(player(owner)).toContainText(text);

  // Seeking to the middle, after the live command and seconds before the peer's, shows the screen as it was then.
  await owner.getByRole('slider', { name: 'Seek' }).fill(String(liveAt + 1_000));
  await expect(player(owner)).toContainText('live-42');
  await expect(player(owner)).not.toContainText('peer-42');
});
