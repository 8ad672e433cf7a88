import { integrationJson } from '@portcullis/gateway/wire';
import { userContextJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, type IntegrationJson, type IntegrationListJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import IntegrationsPage from './IntegrationsPage';

const prod = integrationJson('aws-prod', 'arn:aws:iam::123456789012:role/portcullis');
const gov = integrationJson('aws-gov', 'arn:aws-us-gov:iam::210987654321:role/ops/portcullis-rds');

const listPath = compilePath(apiPaths.integrations, { clusterId: 'localhost' });

/**
 * The gateway's integration routes over an in-memory list, paged by `pageSize` with the list's nextKey,
 * recording the list queries and the deleted names.
 */
function integrationsGateway(initial: IntegrationJson[], pageSize = 15) {
  const integrations = [...initial];
  const sent = { queries: [] as Record<string, string>[], deleted: [] as string[] };
  server.use(
    ...userContextHandlers(['integrations']),
    http.get(listPath, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      sent.queries.push(query);
      const start = query.startKey ? integrations.findIndex((i) => i.name === query.startKey) : 0;
      const items = integrations.slice(start, start + pageSize);
      const next = integrations[start + pageSize];
      return HttpResponse.json({ items, ...(next && { nextKey: next.name }) } satisfies IntegrationListJson);
    }),
    http.delete(`${listPath}/:name`, ({ params }) => {
      sent.deleted.push(params.name as string);
      integrations.splice(
        integrations.findIndex((i) => i.name === params.name),
        1,
      );
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

async function renderIntegrations() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/integrations" element={<IntegrationsPage />} />
          <Route path="/web/integrations/new" element={<p>the Enroll New Integration page</p>} />
        </Routes>
      </Suspense>,
      { path: '/web/integrations' },
    );
  });
}

test('lists each integration’s name, type and role', async () => {
  const sent = integrationsGateway([prod, gov]);
  await renderIntegrations();
  const table = await screen.findByRole('table', { name: 'Integrations' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(expect.arrayContaining(['Name', 'Type', 'Role ARN']));
  const row = within(table).getByRole('row', { name: /aws-gov/ });
  for (const text of ['aws-gov', 'AWS OIDC', gov.awsoidc.roleArn]) {
    expect(within(row).getByText(text)).toBeInTheDocument();
  }
  expect(within(table).getByRole('row', { name: /aws-prod/ })).toHaveTextContent(prod.awsoidc.roleArn);
  expect(sent.queries).toEqual([{ limit: '15' }]);
});

test('Next page asks for the page after the gateway’s nextKey', async () => {
  const sent = integrationsGateway([prod, gov], 1);
  await renderIntegrations();
  await screen.findByRole('row', { name: /aws-prod/ });
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('row', { name: /aws-gov/ })).toBeInTheDocument();
  expect(screen.queryByRole('row', { name: /aws-prod/ })).toBeNull();
  expect(sent.queries).toEqual([{ limit: '15' }, { limit: '15', startKey: 'aws-gov' }]);
});

test('an empty list leads to enrolling one', async () => {
  integrationsGateway([]);
  await renderIntegrations();
  expect(await screen.findByText('No Integrations Yet')).toBeInTheDocument();
  // Offered once, in the empty state.
  expect(screen.getAllByRole('button', { name: 'Enroll New Integration' })).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Enroll New Integration' }));
  expect(await screen.findByText('the Enroll New Integration page')).toBeInTheDocument();
});

test('delete asks first, then deletes the integration and drops it from the list', async () => {
  const sent = integrationsGateway([prod, gov]);
  await renderIntegrations();
  const row = await screen.findByRole('row', { name: /aws-gov/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Delete aws-gov' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Integration?' });
  expect(dialog).toHaveTextContent('You are about to delete the integration aws-gov.');
  expect(sent.deleted).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete Integration' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.deleted).toEqual(['aws-gov']);
  await waitFor(() => expect(screen.queryByRole('row', { name: /aws-gov/ })).not.toBeInTheDocument());
  expect(screen.getByRole('row', { name: /aws-prod/ })).toBeInTheDocument();
});

test('a refused delete keeps the dialog open with the gateway’s message', async () => {
  integrationsGateway([prod]);
  server.use(
    http.delete(compilePath(apiPaths.integrations, { clusterId: 'localhost', name: 'aws-prod' }), () =>
      HttpResponse.json({ error: { message: 'integration "aws-prod" not found' } }, { status: 404 }),
    ),
  );
  await renderIntegrations();
  const row = await screen.findByRole('row', { name: /aws-prod/ });
  await userEvent.click(within(row).getByRole('button', { name: 'Delete aws-prod' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Integration?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete Integration' }));
  expect(await within(dialog).findByText('integration "aws-prod" not found')).toBeInTheDocument();
});

test('a user who may only list integrations sees neither Enroll New Integration nor Delete', async () => {
  integrationsGateway([prod]);
  // The gateway's context for a role granting every verb on integrations, narrowed to listing and reading them.
  const context = userContextJson(['integrations']);
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json({
        ...context,
        userAcl: { ...context.userAcl, integrations: { list: true, read: true } },
      }),
    ),
  );
  await renderIntegrations();
  const row = await screen.findByRole('row', { name: /aws-prod/ });
  expect(within(row).queryByRole('button')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Enroll New Integration' })).toBeNull();
});

test('a failed list shows the gateway’s message', async () => {
  integrationsGateway([]);
  server.use(
    http.get(listPath, () =>
      HttpResponse.json({ error: { message: 'access denied to integrations' } }, { status: 403 }),
    ),
  );
  await renderIntegrations();
  expect(await screen.findByText('access denied to integrations')).toBeInTheDocument();
  expect(screen.queryByText('No Integrations Yet')).toBeNull();
});
