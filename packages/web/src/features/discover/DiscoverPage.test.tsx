import { databaseJson, loginJson, nodeJson } from '@portcullis/gateway/wire';
import {
  type AclArea,
  apiPaths,
  compilePath,
  type ConnectionDiagnosticJson,
  createLocalState,
  DiscoverEvent,
  DiscoverEventStatus,
  DiscoverResourceKind,
  INTERNAL_RESOURCE_ID_LABEL,
  type JoinTokenJson,
  type UserJson,
} from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import DiscoverPage from './DiscoverPage';

const tokenValue = '0123456789abcdef0123456789abcdef';
const resourceId = '6f1c2d7e-0000-4000-8000-000000000001';
/** POST /token's answer as the gateway's presenter shapes it: the value once, and the resource id label it stamps. */
const joinToken: JoinTokenJson = {
  id: tokenValue,
  expiry: '2030-01-01T00:00:00.000Z',
  suggestedLabels: [{ name: INTERNAL_RESOURCE_ID_LABEL, value: resourceId }],
};
const arrivedNode = nodeJson(
  { id: 'node-id-1', hostname: 'web-1', agent: true, labels: { [INTERNAL_RESOURCE_ID_LABEL]: resourceId } },
  ['root'],
);
/** The signed-in user as GET /users lists it (presentUser: roles sorted, every trait). */
const alice: UserJson = {
  name: 'alice',
  roles: ['access'],
  authType: 'local',
  traits: {
    logins: ['alice'],
    databaseUsers: [],
    databaseNames: [],
    kubeUsers: [],
    kubeGroups: [],
    windowsLogins: [],
    awsRoleArns: [],
  },
};
const failedTest: ConnectionDiagnosticJson = {
  id: 'diag-1',
  success: false,
  message: 'node web-1 ...',
  traces: [
    { traceType: 'RBAC_NODE', status: 'SUCCESS', details: 'node web-1 exists' },
    {
      traceType: 'NODE_PRINCIPAL',
      status: 'FAILED',
      details: 'logging in to web-1 as alice',
      error:
        'user alice does not exist: create the account alice on web-1 (useradd alice), or test a login that exists there',
    },
  ],
};
const passedTest: ConnectionDiagnosticJson = {
  id: 'diag-2',
  success: true,
  message: 'success',
  traces: [
    { traceType: 'RBAC_NODE', status: 'SUCCESS', details: 'node web-1 exists' },
    {
      traceType: 'NODE_PRINCIPAL',
      status: 'SUCCESS',
      details: 'logged in to web-1 as alice and ran a command',
    },
  ],
};

const localState = createLocalState(window.localStorage);
let nodeQueries: Record<string, string>[] = [];
let events: { event: string; eventData: Record<string, unknown> }[] = [];
let savedUsers: unknown[] = [];
let diagnostics: unknown[] = [];
let renewals = 0;

beforeAll(() => {
  // The console calls its own origin with relative paths, which a browser resolves against the page and
  // Node's fetch (behind msw) does not: resolve them here like the browser would.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    intercepted(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
});

beforeEach(() => {
  window.localStorage.clear();
  nodeQueries = [];
  events = [];
  savedUsers = [];
  diagnostics = [];
  renewals = 0;
});

/**
 * The gateway for alice holding every verb on `areas`: the node joins on the second look at the list, the first
 * connection test fails at the login and the next passes.
 */
function discoverGateway(areas: AclArea[] = ['tokens', 'nodes', 'users', 'connectionDiagnostic']) {
  const nodesPath = compilePath(apiPaths.nodes, { clusterId: 'localhost' });
  server.use(
    ...userContextHandlers(areas),
    http.post(`*${apiPaths.joinToken}`, async ({ request }) => {
      expect(await request.json()).toEqual({ roles: ['Node'] });
      return HttpResponse.json(joinToken);
    }),
    http.get(`*${nodesPath}`, ({ request }) => {
      nodeQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({
        items: nodeQueries.length > 1 ? [arrivedNode] : [],
        startKey: '',
        totalCount: nodeQueries.length > 1 ? 1 : 0,
      });
    }),
    http.get(`*${apiPaths.users}`, () => HttpResponse.json([alice])),
    http.put(`*${apiPaths.users}`, async ({ request }) => {
      const body = (await request.json()) as UserJson;
      savedUsers.push(body);
      return HttpResponse.json({ ...alice, traits: body.traits });
    }),
    http.post(`*${apiPaths.webSessionRenew}`, () => {
      renewals++;
      return HttpResponse.json(loginJson());
    }),
    http.post(
      `*${compilePath(apiPaths.connectionDiagnostics, { clusterId: 'localhost' })}`,
      async ({ request }) => {
        diagnostics.push(await request.json());
        return HttpResponse.json(diagnostics.length === 1 ? failedTest : passedTest);
      },
    ),
    http.post(`*${apiPaths.captureUserEvent}`, async ({ request }) => {
      events.push((await request.json()) as (typeof events)[number]);
      return HttpResponse.json({ message: 'ok' });
    }),
  );
}

async function renderDiscover() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <DiscoverPage pollIntervalMs={10} />
      </Suspense>,
      { path: '/web/discover' },
    );
  });
  await screen.findByRole('heading', { name: 'Enroll New Resource' });
}

const stepTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const installCommand = `curl -fsSL '${window.location.origin}/scripts/${tokenValue}/install-node.sh' | sudo sh`;
const statuses = () => events.map((e) => [e.event, e.eventData.stepStatus]);

/** Moves the focus with Tab until it is on the control named `name`, as a keyboard user reaches it. */
async function tabTo(user: UserEvent, role: 'button' | 'radio' | 'textbox', name: string | RegExp) {
  const target = () => screen.queryByRole(role, { name });
  for (let i = 0; i < 30 && (!target() || document.activeElement !== target()); i++) await user.tab();
  expect(document.activeElement).toBe(target());
}

test('pointer: a server from the choice to Done: token and command, the node arriving, a login added, a failed then passing test', async () => {
  const user = userEvent.setup();
  discoverGateway();
  await renderDiscover();
  expect(stepTitle()).toBe('Select resource type');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: 'Linux server' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(stepTitle()).toBe('Deploy the agent');
  expect(await screen.findByText(installCommand)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'I ran the command' }));

  expect(stepTitle()).toBe('Wait for the resource');
  expect(await screen.findByText('web-1 has joined the cluster.')).toBeInTheDocument();
  expect(nodeQueries).toEqual([
    { limit: '1', query: `labels["${INTERNAL_RESOURCE_ID_LABEL}"] == "${resourceId}"` },
    { limit: '1', query: `labels["${INTERNAL_RESOURCE_ID_LABEL}"] == "${resourceId}"` },
  ]);
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(stepTitle()).toBe('Set up access');
  const logins = await screen.findByRole('textbox', { name: 'Logins' });
  expect(logins).toHaveValue('alice');
  expect(screen.getByText('Your roles already grant: root')).toBeInTheDocument();
  await user.type(logins, ', ubuntu');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByRole('heading', { name: 'Test the connection' })).toBeInTheDocument();
  expect(savedUsers).toEqual([
    { name: 'alice', roles: ['access'], traits: { ...alice.traits, logins: ['alice', 'ubuntu'] } },
  ]);
  expect(renewals).toBe(1);
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  const steps = within(await screen.findByRole('list', { name: 'Connection test' }));
  expect(steps.getByText('node web-1 exists')).toBeInTheDocument();
  expect(steps.getByRole('img', { name: 'Failed' })).toBeInTheDocument();
  expect(steps.getByText(failedTest.traces![1]!.error!)).toBeInTheDocument();
  expect(diagnostics).toEqual([
    { resource_kind: 'node', resource_name: 'node-id-1', ssh_principal: 'alice' },
  ]);

  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('The connection works.')).toBeInTheDocument();
  expect(screen.getAllByRole('img', { name: 'Passed' })).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(stepTitle()).toBe('Done');
  expect(screen.getByRole('link', { name: 'Go to Servers' })).toHaveAttribute(
    'href',
    '/web/cluster/localhost/nodes',
  );
  await waitFor(() => expect(statuses()).toHaveLength(7));
  const { Success, Error } = DiscoverEventStatus;
  expect(statuses()).toEqual([
    [DiscoverEvent.Started, Success],
    [DiscoverEvent.ResourceSelection, Success],
    [DiscoverEvent.DeployService, Success],
    [DiscoverEvent.PrincipalsConfigure, Success],
    [DiscoverEvent.TestConnection, Error],
    [DiscoverEvent.TestConnection, Success],
    [DiscoverEvent.Completed, Success],
  ]);
  // One run, named the same in every event; the resource is known from the choice on.
  const runId = events[0]!.eventData.id;
  expect(events.every((e) => e.eventData.id === runId)).toBe(true);
  expect(events[0]!.eventData).toEqual({ id: runId, stepStatus: Success });
  expect(events.slice(1).every((e) => e.eventData.resource === DiscoverResourceKind.Server)).toBe(true);
  // A finished run is not resumed.
  expect(localState.getDiscover()).toBeNull();
});

test('keyboard: the same flow with Tab, Space and Enter', async () => {
  const user = userEvent.setup();
  discoverGateway();
  await renderDiscover();
  await tabTo(user, 'radio', 'Linux server');
  await user.keyboard(' ');
  await tabTo(user, 'button', 'Next');
  await user.keyboard('{Enter}');
  await screen.findByText(installCommand);
  await tabTo(user, 'button', 'I ran the command');
  await user.keyboard('{Enter}');
  await screen.findByText('web-1 has joined the cluster.');
  await tabTo(user, 'button', 'Next');
  await user.keyboard('{Enter}');
  await screen.findByRole('textbox', { name: 'Logins' });
  await tabTo(user, 'textbox', 'Logins');
  await user.keyboard('{End}, ubuntu');
  await tabTo(user, 'button', 'Next');
  await user.keyboard('{Enter}');
  await screen.findByRole('heading', { name: 'Test the connection' });
  await tabTo(user, 'button', 'Test connection');
  await user.keyboard('{Enter}');
  expect(await screen.findByText(failedTest.traces![1]!.error!)).toBeInTheDocument();
  await tabTo(user, 'button', 'Next');
  await user.keyboard('{Enter}');
  expect(stepTitle()).toBe('Done');
  expect(savedUsers).toEqual([
    { name: 'alice', roles: ['access'], traits: { ...alice.traits, logins: ['alice', 'ubuntu'] } },
  ]);
  // Moving on after a failed test skips it.
  await waitFor(() =>
    expect(statuses().slice(-3)).toEqual([
      [DiscoverEvent.TestConnection, DiscoverEventStatus.Error],
      [DiscoverEvent.TestConnection, DiscoverEventStatus.Skipped],
      [DiscoverEvent.Completed, DiscoverEventStatus.Success],
    ]),
  );
});

test('a user who may not edit users is told so and continues with the logins their roles grant', async () => {
  const user = userEvent.setup();
  discoverGateway(['tokens', 'nodes', 'connectionDiagnostic']);
  localState.setDiscover({
    runId: 'run-1',
    step: 'access',
    choiceId: 'server',
    token: { id: tokenValue, expiry: joinToken.expiry, resourceId },
    resource: { name: 'web-1', testName: 'node-id-1', granted: { logins: ['root'] } },
  });
  await renderDiscover();
  expect(stepTitle()).toBe('Set up access');
  expect(
    screen.getByText(
      /You may not edit users, so you cannot add logins here. Continue with those your roles already grant: Logins: root/,
    ),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('button', { name: 'Test connection' }));
  await screen.findByRole('list', { name: 'Connection test' });
  expect(diagnostics).toEqual([{ resource_kind: 'node', resource_name: 'node-id-1', ssh_principal: 'root' }]);
  expect(savedUsers).toEqual([]);
  expect(events[0]).toEqual({
    event: DiscoverEvent.PrincipalsConfigure,
    eventData: {
      id: 'run-1',
      resource: DiscoverResourceKind.Server,
      stepStatus: DiscoverEventStatus.Skipped,
    },
  });
});

test('a reload resumes the run: waiting again for its resource, with a way back to the command', async () => {
  const user = userEvent.setup();
  discoverGateway();
  localState.setDiscover({
    runId: 'run-2',
    step: 'wait',
    choiceId: 'server',
    token: { id: tokenValue, expiry: joinToken.expiry, resourceId },
  });
  await renderDiscover();
  expect(stepTitle()).toBe('Wait for the resource');
  expect(await screen.findByText('web-1 has joined the cluster.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  // The run's token is still valid: the command is shown again without a new one.
  expect(await screen.findByText(installCommand)).toBeInTheDocument();
  expect(events.map((e) => e.event)).toEqual([DiscoverEvent.DeployService]);
});

test('Start over reports the step it left as aborted and starts a new run', async () => {
  const user = userEvent.setup();
  discoverGateway();
  await renderDiscover();
  await user.click(screen.getByRole('radio', { name: 'Linux server' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText(installCommand);
  await user.click(screen.getByRole('button', { name: 'Start over' }));
  expect(stepTitle()).toBe('Select resource type');
  expect(screen.getByRole('radio', { name: 'Linux server' })).not.toBeChecked();
  await waitFor(() => expect(statuses()).toHaveLength(4));
  expect(statuses()).toEqual([
    [DiscoverEvent.Started, DiscoverEventStatus.Success],
    [DiscoverEvent.ResourceSelection, DiscoverEventStatus.Success],
    [DiscoverEvent.DeployService, DiscoverEventStatus.Aborted],
    [DiscoverEvent.Started, DiscoverEventStatus.Success],
  ]);
  expect(events[3]!.eventData.id).not.toBe(events[0]!.eventData.id);
});

test("a database is enrolled with the token's resource id label before its agent's command is shown", async () => {
  const user = userEvent.setup();
  discoverGateway();
  const enrolments: unknown[] = [];
  server.use(
    http.post(`*${compilePath(apiPaths.databases, { clusterId: 'localhost' })}`, async ({ request }) => {
      enrolments.push(await request.json());
      return HttpResponse.json(
        databaseJson({ name: 'orders', protocol: 'postgres', uri: 'postgres://db.internal:5432/sales' }),
      );
    }),
  );
  localState.setDiscover({
    runId: 'run-3',
    step: 'deploy',
    choiceId: 'postgres',
    token: { id: tokenValue, expiry: joinToken.expiry, resourceId },
  });
  await renderDiscover();
  expect(screen.getByRole('button', { name: 'I ran the command' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'orders');
  await user.type(screen.getByRole('textbox', { name: 'URI' }), 'postgres://db.internal:5432/sales');
  await user.type(screen.getByRole('textbox', { name: 'Labels' }), 'env=prod');
  await user.click(screen.getByRole('button', { name: 'Enrol database' }));
  expect(
    await screen.findByText(
      `curl -fsSL '${window.location.origin}/scripts/${tokenValue}/install-database.sh' | sudo sh`,
    ),
  ).toBeInTheDocument();
  expect(enrolments).toEqual([
    {
      name: 'orders',
      protocol: 'postgres',
      uri: 'postgres://db.internal:5432/sales',
      description: '',
      labels: [
        { name: 'env', value: 'prod' },
        { name: INTERNAL_RESOURCE_ID_LABEL, value: resourceId },
      ],
    },
  ]);
  expect(screen.getByRole('button', { name: 'I ran the command' })).toBeEnabled();
  await waitFor(() =>
    expect(events).toEqual([
      {
        event: DiscoverEvent.DatabaseRegister,
        eventData: {
          id: 'run-3',
          resource: DiscoverResourceKind.DatabasePostgresSelfHosted,
          stepStatus: DiscoverEventStatus.Success,
        },
      },
    ]),
  );
});

test('an HTTP app: its command appears once the name and URI are valid, and its flow has no access step', async () => {
  const user = userEvent.setup();
  discoverGateway();
  await renderDiscover();
  await user.click(screen.getByRole('radio', { name: 'Web application (HTTP)' }));
  expect(screen.getByText('Step 1 of 5 · Next: Deploy the agent')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'grafana');
  expect(screen.getByText('The command appears once the name and URI are valid.')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'URI' }), 'http://localhost:3000');
  expect(
    screen.getByText(
      `curl -fsSL '${window.location.origin}/scripts/${tokenValue}/install-app.sh?name=grafana&uri=http%3A%2F%2Flocalhost%3A3000' | sudo sh`,
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Step 2 of 5 · Next: Wait for the resource')).toBeInTheDocument();
});
