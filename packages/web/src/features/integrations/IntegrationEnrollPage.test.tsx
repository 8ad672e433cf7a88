import {
  apiPaths,
  awsOidcAudience,
  compilePath,
  type CreateIntegrationRequest,
  type IntegrationJson,
} from '@portcullis/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import IntegrationEnrollPage from './IntegrationEnrollPage';

const roleArn = 'arn:aws:iam::123456789012:role/portcullis';

/** The gateway's discovery document (for `issuer`) and its create route, recording what the page sends. */
function enrolGateway(issuer = 'https://gateway.example.com') {
  const sent: { created?: CreateIntegrationRequest } = {};
  server.use(
    http.get(apiPaths.openidConfiguration, () =>
      HttpResponse.json({ issuer, jwks_uri: `${issuer}${apiPaths.jwks}` }),
    ),
    http.post(compilePath(apiPaths.integrations, { clusterId: 'localhost' }), async ({ request }) => {
      sent.created = (await request.json()) as CreateIntegrationRequest;
      return HttpResponse.json(sent.created satisfies IntegrationJson);
    }),
  );
  return sent;
}

async function renderEnrol(path: string) {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/integrations/new/:type?" element={<IntegrationEnrollPage />} />
          <Route path="/web/integrations" element={<p>the Integrations page</p>} />
          <Route path="/web/discover" element={<p>the Enroll New Resource page</p>} />
        </Routes>
      </Suspense>,
      { path },
    );
  });
}

/** The text a code block's copy button copies, read from the block it sits in. */
const codeCopiedBy = (label: string) =>
  screen.getByRole('button', { name: label }).parentElement!.querySelector('code')!.textContent;

// The setup suspends on the discovery document: awaited in act so React renders it once it arrives.
const pickAwsOidc = () => act(() => userEvent.click(screen.getByRole('link', { name: 'AWS OIDC' })));

const fill = async (name: string, arn: string) => {
  if (name) await userEvent.type(screen.getByLabelText('Integration name'), name);
  if (arn) await userEvent.type(screen.getByLabelText('Role ARN'), arn);
};
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enroll Integration' }));

test('without a type, a tile per kind leads to its setup', async () => {
  enrolGateway();
  await renderEnrol('/web/integrations/new');
  expect(screen.getByText('Lets the gateway call AWS APIs as an IAM role, without keys')).toBeInTheDocument();
  await pickAwsOidc();
  expect(await screen.findByRole('heading', { name: 'Set up AWS' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'AWS OIDC integration' })).toBeInTheDocument();
});

test('an unknown type says so and offers the kinds there are', async () => {
  enrolGateway();
  await renderEnrol('/web/integrations/new/gcp');
  expect(screen.getByText('There is no integration of type gcp.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'AWS OIDC' })).toHaveAttribute(
    'href',
    '/web/integrations/new/aws-oidc',
  );
});

test('the AWS steps name the issuer and audience, and the trust policy takes its account from the ARN typed', async () => {
  const user = userEvent.setup();
  enrolGateway();
  await renderEnrol('/web/integrations/new/aws-oidc');
  expect(await screen.findByText(/must reach that address over HTTPS/)).toBeInTheDocument();
  expect(codeCopiedBy('Copy provider URL')).toBe('https://gateway.example.com');
  expect(codeCopiedBy('Copy audience')).toBe(awsOidcAudience);
  const policy = () => JSON.parse(codeCopiedBy('Copy trust policy')!);
  expect(policy().Statement[0].Principal.Federated).toBe(
    'arn:aws:iam::ACCOUNT_ID:oidc-provider/gateway.example.com',
  );
  await user.type(screen.getByLabelText('Role ARN'), 'arn:aws-cn:iam::123456789012:role/portcullis');
  expect(policy()).toEqual({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: 'arn:aws-cn:iam::123456789012:oidc-provider/gateway.example.com' },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: { StringEquals: { 'gateway.example.com:aud': awsOidcAudience } },
      },
    ],
  });
  // user-event's clipboard stands in for the browser's; its Blobs are not the test environment's, so the
  // text is read from the call rather than back from the clipboard.
  const copied = jest.spyOn(navigator.clipboard, 'writeText');
  const shown = codeCopiedBy('Copy trust policy');
  await user.click(screen.getByRole('button', { name: 'Copy trust policy' }));
  expect(copied).toHaveBeenCalledWith(shown);
  expect(JSON.parse(codeCopiedBy('Copy permissions policy')!).Statement).toEqual([
    { Effect: 'Allow', Action: 'rds:DescribeDBInstances', Resource: '*' },
  ]);
});

test('an issuer AWS cannot reach over HTTPS is called out', async () => {
  enrolGateway('http://localhost:3080');
  await renderEnrol('/web/integrations/new/aws-oidc');
  expect(
    await screen.findByText(
      /The gateway’s issuer is http:\/\/localhost:3080, which is not HTTPS: AWS will refuse it/,
    ),
  ).toBeInTheDocument();
});

test('enrolling sends the name and role, then shows the list', async () => {
  const sent = enrolGateway();
  await renderEnrol('/web/integrations/new/aws-oidc');
  await fill('aws-prod', roleArn);
  await submit();
  expect(await screen.findByText('the Integrations page')).toBeInTheDocument();
  expect(sent.created).toEqual({ name: 'aws-prod', subKind: 'aws-oidc', awsoidc: { roleArn } });
});

test('from the Enroll New Resource wizard, the picker keeps where the user came from and enrolling returns there', async () => {
  const sent = enrolGateway();
  await renderEnrol('/web/integrations/new?from=discover');
  await pickAwsOidc();
  await fill('aws-prod', roleArn);
  await submit();
  expect(await screen.findByText('the Enroll New Resource page')).toBeInTheDocument();
  expect(sent.created?.name).toBe('aws-prod');
});

test.each([
  ['', roleArn, 'Name the integration'],
  ['AWS-prod', roleArn, 'Start with a lower-case letter'],
  ['aws_prod', roleArn, 'Use only lower-case letters, digits and dashes'],
  ['aws-prod-', roleArn, 'End with a letter or digit'],
  ['a'.repeat(64), roleArn, 'Use at most 63 characters'],
  ['aws-prod', '', 'Enter the ARN of the IAM role'],
  [
    'aws-prod',
    'arn:aws:iam::12345:role/portcullis',
    'Enter an IAM role ARN: arn:aws:iam::<12-digit account ID>:role/<role name>',
  ],
  [
    'aws-prod',
    'arn:aws:iam::123456789012:user/alice',
    'Enter an IAM role ARN: arn:aws:iam::<12-digit account ID>:role/<role name>',
  ],
])('name %j and ARN %j are refused before sending: %s', async (name, arn, message) => {
  const sent = enrolGateway();
  await renderEnrol('/web/integrations/new/aws-oidc');
  await fill(name, arn);
  await submit();
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(sent.created).toBeUndefined();
});

test('a name the gateway already has shows its refusal and stays on the form', async () => {
  enrolGateway();
  server.use(
    http.post(compilePath(apiPaths.integrations, { clusterId: 'localhost' }), () =>
      HttpResponse.json({ error: { message: 'integration "aws-prod" already exists' } }, { status: 409 }),
    ),
  );
  await renderEnrol('/web/integrations/new/aws-oidc');
  await fill('aws-prod', roleArn);
  await submit();
  const form = screen.getByRole('form', { name: 'AWS OIDC integration' });
  expect(
    await within(form.parentElement!).findByText('integration "aws-prod" already exists'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Integration name')).toHaveValue('aws-prod');
});

test('when the discovery document cannot be read, the steps say so and the form still enrols', async () => {
  const sent = enrolGateway();
  server.use(
    http.get(apiPaths.openidConfiguration, () =>
      HttpResponse.json({ error: { message: 'issuer keys are not configured' } }, { status: 500 }),
    ),
  );
  await renderEnrol('/web/integrations/new/aws-oidc');
  expect(
    await screen.findByText(
      'Could not read the gateway’s OpenID configuration: issuer keys are not configured',
    ),
  ).toBeInTheDocument();
  await fill('aws-prod', roleArn);
  await submit();
  expect(await screen.findByText('the Integrations page')).toBeInTheDocument();
  expect(sent.created?.awsoidc.roleArn).toBe(roleArn);
});
