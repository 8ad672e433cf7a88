import { integrationJson } from '@portcullis/gateway/wire';
import { userContextJson } from '@portcullis/gateway/wire';
import {
  type AclArea,
  apiPaths,
  type AwsRdsDatabaseJson,
  type AwsRdsDatabasesJson,
  compilePath,
  createLocalState,
  type DatabaseJson,
  DiscoverEvent,
  DiscoverEventStatus,
  DiscoverResourceKind,
  INTERNAL_RESOURCE_ID_LABEL,
  type IntegrationJson,
  type IntegrationListJson,
  type ListAwsRdsDatabasesRequest,
} from '@portcullis/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import DiscoverPage from './DiscoverPage';

const tokenValue = '0123456789abcdef0123456789abcdef';
const resourceId = '6f1c2d7e-0000-4000-8000-000000000001';
const localState = createLocalState(window.localStorage);

const integration = (name: string) => integrationJson(name, `arn:aws:iam::123456789012:role/${name}`);

const rdsDatabase = (name: string, engine: string, status = 'available') =>
  ({
    name,
    engine,
    protocol: engine.includes('postgres') ? 'postgres' : 'mysql',
    uri: `${engine.includes('postgres') ? 'postgres' : 'mysql'}://${name}.abc123.us-east-1.rds.amazonaws.com:5432`,
    status,
    accountId: '123456789012',
    region: 'us-east-1',
    resourceId: `db-${name.toUpperCase()}`,
    labels: [
      { name: 'team', value: 'billing' },
      { name: 'account-id', value: '123456789012' },
      { name: 'region', value: 'us-east-1' },
      { name: 'engine', value: engine },
    ],
  }) satisfies AwsRdsDatabaseJson;

const orders = rdsDatabase('orders', 'postgres');
const ledger = rdsDatabase('ledger', 'aurora-postgresql', 'stopped');
const reports = rdsDatabase('reports', 'postgres');

type Sent = {
  listed: { integration: string; body: ListAwsRdsDatabasesRequest }[];
  enrolled: unknown[];
  events: { event: string; eventData: Record<string, unknown> }[];
};

/**
 * The gateway for alice holding every verb on `areas`, with these integrations; RDS lists `orders` and
 * `ledger`, then `reports` on the page after the token `page-2`.
 */
function rdsGateway(
  integrations: IntegrationJson[] = [integration('aws-prod'), integration('aws-staging')],
  areas: AclArea[] = ['tokens', 'db', 'dbServers', 'integrations'],
) {
  const sent: Sent = { listed: [], enrolled: [], events: [] };
  server.use(
    ...userContextHandlers(areas),
    http.get(compilePath(apiPaths.integrations, { clusterId: 'localhost' }), ({ request }) => {
      expect(new URL(request.url).searchParams.get('limit')).toBe('1000');
      return HttpResponse.json({ items: integrations } satisfies IntegrationListJson);
    }),
    http.post(apiPaths.awsOidcDatabases, async ({ params, request }) => {
      expect(params.clusterId).toBe('localhost');
      const body = (await request.json()) as ListAwsRdsDatabasesRequest;
      sent.listed.push({ integration: params.name as string, body });
      return HttpResponse.json(
        (body.nextToken === 'page-2'
          ? { databases: [reports] }
          : { databases: [orders, ledger], nextToken: 'page-2' }) satisfies AwsRdsDatabasesJson,
      );
    }),
    http.post(compilePath(apiPaths.databases, { clusterId: 'localhost' }), async ({ request }) => {
      const body = (await request.json()) as DatabaseJson;
      sent.enrolled.push(body);
      return HttpResponse.json(body);
    }),
    http.post(apiPaths.captureUserEvent, async ({ request }) => {
      sent.events.push((await request.json()) as Sent['events'][number]);
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

/** The wizard resumed at its deploy step for `choiceId`, with a valid join token. */
async function renderDeploy(choiceId = 'rds-postgres') {
  window.localStorage.clear();
  localState.setDiscover({
    runId: 'run-rds',
    step: 'deploy',
    choiceId,
    token: { id: tokenValue, expiry: '2030-01-01T00:00:00.000Z', resourceId },
  });
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <DiscoverPage pollIntervalMs={10} />
      </Suspense>,
      { path: '/web/discover' },
    );
  });
}

const listDatabases = () => userEvent.click(screen.getByRole('button', { name: 'List databases' }));

test('lists the region’s PostgreSQL databases through the chosen integration, page by page', async () => {
  const sent = rdsGateway();
  await renderDeploy();
  expect(await screen.findByLabelText('Integration')).toHaveValue('aws-prod');
  await userEvent.click(screen.getByLabelText('Integration'));
  await userEvent.click(await screen.findByRole('option', { name: 'aws-staging' }));
  await userEvent.clear(screen.getByRole('textbox', { name: 'Region' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Region' }), 'eu-west-2');
  await listDatabases();

  const table = await screen.findByRole('table', { name: 'RDS databases' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Endpoint', 'Status']);
  const row = within(table).getByRole('row', { name: /ledger/ });
  for (const text of ['ledger', 'aurora-postgresql', 'ledger.abc123.us-east-1.rds.amazonaws.com:5432', 'stopped']) {
    expect(within(row).getByText(text)).toBeInTheDocument();
  }
  expect(within(table).getByRole('row', { name: /orders/ })).toHaveTextContent('orders.abc123.us-east-1.rds.amazonaws.com:5432');

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('radio', { name: 'reports' })).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'orders' })).toBeNull();
  expect(sent.listed).toEqual([
    { integration: 'aws-staging', body: { region: 'eu-west-2', engines: ['postgres', 'aurora-postgresql'] } },
    {
      integration: 'aws-staging',
      body: { region: 'eu-west-2', engines: ['postgres', 'aurora-postgresql'], nextToken: 'page-2' },
    },
  ]);
});

test('the chosen database is enrolled as RDS with its labels and the token’s, then its agent’s command shows', async () => {
  const sent = rdsGateway();
  await renderDeploy();
  await screen.findByLabelText('Integration');
  await listDatabases();
  expect(screen.getByRole('button', { name: 'Enrol database' })).toBeDisabled();
  await userEvent.click(await screen.findByRole('radio', { name: 'orders' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enrol database' }));

  expect(
    await screen.findByText(
      `curl -fsSL '${window.location.origin}/scripts/${tokenValue}/install-database.sh' | sudo sh`,
    ),
  ).toBeInTheDocument();
  expect(screen.getByText(/Run this on a host that reaches orders/)).toBeInTheDocument();
  expect(sent.enrolled).toEqual([
    {
      name: 'orders',
      uri: orders.uri,
      protocol: 'postgres',
      description: '',
      type: 'rds',
      labels: [...orders.labels, { name: INTERNAL_RESOURCE_ID_LABEL, value: resourceId }],
    },
  ]);
  expect(screen.getByRole('button', { name: 'I ran the command' })).toBeEnabled();
  expect(sent.events).toEqual([
    {
      event: DiscoverEvent.DatabaseRegister,
      eventData: {
        id: 'run-rds',
        resource: DiscoverResourceKind.DatabasePostgresRds,
        stepStatus: DiscoverEventStatus.Success,
      },
    },
  ]);
});

test('MySQL lists the MySQL family’s engines', async () => {
  const sent = rdsGateway();
  await renderDeploy('rds-mysql');
  await screen.findByLabelText('Integration');
  await listDatabases();
  await screen.findByRole('table', { name: 'RDS databases' });
  expect(sent.listed[0]!.body.engines).toEqual(['mysql', 'mariadb', 'aurora-mysql']);
});

test('a region that is not one is refused before AWS is asked', async () => {
  const sent = rdsGateway();
  await renderDeploy();
  await screen.findByLabelText('Integration');
  await userEvent.clear(screen.getByRole('textbox', { name: 'Region' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Region' }), 'useast1');
  await listDatabases();
  expect(await screen.findByText('Enter an AWS region, like us-east-1')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'RDS databases' })).toBeNull();
  expect(sent.listed).toEqual([]);
});

test('what AWS refused is shown as the gateway words it', async () => {
  rdsGateway();
  const refusal =
    "AWS RDS refused to list databases in us-east-1: User is not authorized to perform: rds:DescribeDBInstances. The integration's role needs rds:DescribeDBInstances";
  server.use(
    http.post(apiPaths.awsOidcDatabases, () =>
      HttpResponse.json({ error: { message: refusal } }, { status: 400 }),
    ),
  );
  await renderDeploy();
  await screen.findByLabelText('Integration');
  await listDatabases();
  expect(await screen.findByText(refusal)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enrol database' })).toBeDisabled();
});

test('a refused enrolment is shown and reported', async () => {
  const sent = rdsGateway();
  server.use(
    http.post(compilePath(apiPaths.databases, { clusterId: 'localhost' }), () =>
      HttpResponse.json({ error: { message: 'database "orders" already exists' } }, { status: 409 }),
    ),
  );
  await renderDeploy();
  await screen.findByLabelText('Integration');
  await listDatabases();
  await userEvent.click(await screen.findByRole('radio', { name: 'orders' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enrol database' }));
  expect(await screen.findByText('database "orders" already exists')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'I ran the command' })).toBeDisabled();
  expect(sent.events.map((e) => e.eventData.stepStatus)).toEqual([DiscoverEventStatus.Error]);
});

test('without an AWS OIDC integration, a link leads to enrolling one and back', async () => {
  rdsGateway([]);
  await renderDeploy();
  expect(await screen.findByRole('link', { name: 'Enroll an AWS OIDC integration' })).toHaveAttribute(
    'href',
    '/web/integrations/new/aws-oidc?from=discover',
  );
  expect(screen.queryByRole('button', { name: 'List databases' })).toBeNull();
});

test('a user whose roles do not allow using integrations is told so', async () => {
  rdsGateway();
  // The gateway's context for every verb on integrations but use.
  const context = userContextJson(['tokens', 'db', 'dbServers', 'integrations']);
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json({
        ...context,
        userAcl: { ...context.userAcl, integrations: { ...context.userAcl?.integrations, use: false } },
      }),
    ),
  );
  await renderDeploy();
  expect(
    await screen.findByText(/which your roles do not allow \(the verb use on integration\)/),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Integration')).toBeNull();
});
