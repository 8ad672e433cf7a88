import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStandInApiServer, type StandInApiServer } from '../../packages/gateway/test/kube/standInApiServer';
import { apiSession, createRoles } from '../fixtures/api';
import { startAgent, type RunningAgent } from '../fixtures/agent';
import { signInAsAdmin, signedInUser } from '../fixtures/console';
import { chromiumLaunch } from '../chromium';
import { gateway } from '../fixtures/gateways';
import { focusTerminal, terminalText, typeLine } from '../fixtures/terminal';

const main = gateway('main');
const stamp = Date.now();
const cluster = `kube-${stamp}`;
const pod = `web-${stamp}`;
const configDir = mkdtempSync(path.join(tmpdir(), 'portcullis-e2e-kube-'));

// No Kubernetes API server installs here: the agent reaches a stand-in that runs the pod's commands on this machine.
let standIn: StandInApiServer;
let agent: RunningAgent;

// The DOM renderer, so the terminal's text can be read from the page.
test.use({ launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-webgl', '--disable-3d-apis'] } });

test.beforeAll(async () => {
  standIn = await startStandInApiServer({ pods: [{ namespace: 'default', name: pod, containers: ['app'] }] });
  const admin = await apiSession(main.url);
  agent = await startAgent(admin, main.url, `kube-e2e-${stamp}`, { kubeClusters: [`${cluster}=${standIn.writeKubeconfig(configDir)}`] });
  await admin.context.dispose();
});
test.afterAll(async () => {
  await agent?.stop();
  await standIn?.close();
  rmSync(configDir, { recursive: true, force: true });
});

const kubeRole = `kind: role
metadata: { name: kube-${stamp} }
spec:
  allow:
    kubernetes_labels: { '*': '*' }
    kubernetes_users: [alice-k8s]
    kubernetes_groups: [devs]
    rules: [{ resources: [kube_server], verbs: [list, read] }]
`;

test('the Kubernetes page lists the cluster, and a terminal on a pod from it runs commands', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await createRoles(baseURL!, [kubeRole]);
  await signInAsAdmin(page);
  const user = await signedInUser(browser, page, `kube-user-${stamp}`, [`kube-${stamp}`]);

  await user.goto('/web/cluster/localhost/kubernetes');
  const row = user.getByRole('row').filter({ hasText: cluster });
  await expect(row).toContainText('alice-k8s');
  await expect(row).toContainText('devs');
  await row.getByRole('button', { name: `Connect to ${cluster}` }).click();
  await user.getByLabel('Pod').fill(pod);
  const [terminal] = await Promise.all([user.context().waitForEvent('page'), user.getByRole('button', { name: 'Open terminal' }).click()]);
  await expect(terminal).toHaveURL(new RegExp(`/web/cluster/localhost/console/kube/exec/${cluster}\\?.*pod=${pod}`));
  await expect(terminal.getByText(`default/${pod}`)).toBeVisible();
  await focusTerminal(terminal);
  await typeLine(terminal, 'echo from-the-pod-$((40+2))');
  await expect(terminalText(terminal)).toContainText('from-the-pod-42');
  const exec = await standIn.waitFor((r) => r.path === `/api/v1/namespaces/default/pods/${pod}/exec`);
  expect(exec).toMatchObject({ impersonateUser: 'alice-k8s', impersonateGroups: ['devs'] });
});
