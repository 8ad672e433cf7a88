import type { StepProps } from '@portcullis/design';
import {
  type AwsRdsDatabaseJson,
  type AwsRdsDatabasesJson,
  makeUserContext,
  type UserContextJson,
} from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { userEvent, within } from 'storybook/test';
import {
  adminContext,
  showsText,
  StoryConsole,
  type StoryAnswers,
  storyStore,
} from '../../stories/storyGateway';
import { integrationListAnswer, storyIntegrations } from '../integrations/integrationStoryAnswers';
import { DeployService } from './DeployService';
import { Finished } from './Finished';
import { choiceById } from './resources';
import { SelectResource } from './SelectResource';
import { SetUpAccess } from './SetUpAccess';
import type { DiscoverProgress } from './steps';
import { TestConnection } from './TestConnection';
import { WaitForResource } from './WaitForResource';
import { WizardContext } from './wizard';

const meta: Meta = { title: 'Console/Discover' };
export default meta;

const contextPath = 'GET /v1/webapi/sites/localhost/context';
const admin = makeUserContext(adminContext[contextPath] as UserContextJson);
const token = {
  id: '5f0c1a9e2b7d4c3e8f6a1b2c3d4e5f60',
  expiry: '2030-01-01T12:00:00Z',
  resourceId: '6f1c2d7e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
};
const web1 = { name: 'web-1', testName: 'node-id-1', granted: { logins: ['root'] } };
const trace = (details: string, error?: string) => ({
  traceType: 'NODE',
  status: error ? 'FAILED' : 'SUCCESS',
  details,
  ...(error && { error }),
});

/**
 * One step of a run at `progress`, as the wizard shows it, over canned answers. The wait step's clock is
 * stopped and it looks once a minute, so what a screenshot shows does not depend on when it is taken.
 */
function stepStory(
  Step: ComponentType<StepProps>,
  progress: DiscoverProgress,
  opts: {
    answers?: StoryAnswers;
    shows: string | RegExp;
    stepIndex: number;
    stepCount?: number;
    acl?: typeof admin.acl;
  },
): StoryObj {
  const backend = {
    answers: { ...adminContext, 'POST /v1/webapi/capture': { message: 'ok' }, ...opts.answers },
  };
  const wizard = {
    clusterId: 'localhost',
    username: 'admin',
    acl: opts.acl ?? admin.acl,
    origin: 'https://gateway.example.com',
    pollIntervalMs: 60_000,
    now: () => 0,
    progress,
    choice: choiceById(progress.choiceId),
    update: () => {},
    report: () => {},
    restart: () => {},
  };
  const step = { next: () => {}, prev: () => {}, stepIndex: opts.stepIndex, stepCount: opts.stepCount ?? 6 };
  return {
    play: showsText(opts.shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} path="/web/discover">
        <WizardContext.Provider value={wizard}>
          <Step {...step} />
        </WizardContext.Provider>
      </StoryConsole>
    ),
  };
}

const server = (step: DiscoverProgress['step'], more: Partial<DiscoverProgress> = {}): DiscoverProgress => ({
  runId: 'story',
  step,
  choiceId: 'server',
  token,
  ...more,
});

export const SelectResourceType = stepStory(
  SelectResource,
  { runId: 'story', step: 'select', choiceId: 'server' },
  { shows: 'Linux server', stepIndex: 0 },
);

export const DeployServer = stepStory(DeployService, server('deploy'), {
  shows: /install-node\.sh/,
  stepIndex: 1,
});

/** A database is enrolled before its agent's command is shown. */
export const DeployDatabase = stepStory(
  DeployService,
  { runId: 'story', step: 'deploy', choiceId: 'postgres', token },
  { shows: 'Enrol database', stepIndex: 1 },
);

const rdsDatabase = (name: string, engine: string, status: string): AwsRdsDatabaseJson => ({
  name,
  engine,
  protocol: 'postgres',
  uri: `postgres://${name}.c9akciq32.us-east-1.rds.amazonaws.com:5432`,
  status,
  accountId: '123456789012',
  region: 'us-east-1',
  resourceId: `db-${name.toUpperCase()}`,
  labels: [{ name: 'engine', value: engine }],
});

/** An RDS database is picked from those AWS lists through an integration, here after List databases. */
export const DeployRdsDatabases: StoryObj = {
  ...stepStory(
    DeployService,
    { runId: 'story', step: 'deploy', choiceId: 'rds-postgres', token },
    {
      acl: { ...admin.acl, integrations: { ...admin.acl.integrations, use: true } },
      answers: {
        ...integrationListAnswer(storyIntegrations),
        'POST /v1/webapi/sites/localhost/integrations/aws-oidc/aws-prod/databases': {
          databases: [
            rdsDatabase('orders', 'postgres', 'available'),
            rdsDatabase('ledger', 'aurora-postgresql', 'stopped'),
          ],
          nextToken: 'page-2',
        } satisfies AwsRdsDatabasesJson,
      },
      shows: 'List databases',
      stepIndex: 1,
    },
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'List databases' }, { timeout: 5000 }));
    await userEvent.click(await page.findByRole('radio', { name: 'orders' }, { timeout: 5000 }));
    // The chosen radio is shown without the focus ring the click leaves, as in the connection test stories.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const DeployKubernetes = stepStory(
  DeployService,
  { runId: 'story', step: 'deploy', choiceId: 'kubernetes', token },
  { shows: /--kube NAME/, stepIndex: 1 },
);

export const DeployDesktop = stepStory(
  DeployService,
  { runId: 'story', step: 'deploy', choiceId: 'windows-desktop', token },
  { shows: /--desktop NAME/, stepIndex: 1, stepCount: 4 },
);

export const Waiting = stepStory(WaitForResource, server('wait'), {
  answers: { 'GET /v1/webapi/sites/localhost/nodes': { items: [], startKey: '', totalCount: 0 } },
  shows: /0:00 elapsed/,
  stepIndex: 2,
});

export const Arrived = stepStory(WaitForResource, server('wait', { resource: web1 }), {
  shows: 'web-1 has joined the cluster.',
  stepIndex: 2,
});

export const SetUpAccessLogins = stepStory(SetUpAccess, server('access', { resource: web1 }), {
  answers: {
    'GET /v1/webapi/users': [
      { name: 'admin', roles: ['editor'], authType: 'local', traits: { logins: ['admin', 'ubuntu'] } },
    ],
  },
  shows: 'Your roles already grant: root',
  stepIndex: 3,
});

/** A user who may not edit users continues with what their roles grant. */
export const SetUpAccessNotAllowed = stepStory(SetUpAccess, server('access', { resource: web1 }), {
  acl: { ...admin.acl, users: { ...admin.acl.users, edit: false } },
  shows: /You may not edit users/,
  stepIndex: 3,
});

const testStory = (answer: unknown, shows: string): StoryObj => {
  const story = stepStory(
    TestConnection,
    server('test', { resource: web1, principals: { logins: ['admin'] } }),
    {
      answers: { 'POST /v1/webapi/sites/localhost/diagnostics/connections': answer },
      shows,
      stepIndex: 4,
    },
  );
  return {
    ...story,
    play: async ({ canvasElement }) => {
      await userEvent.click(
        await within(canvasElement).findByRole('button', { name: 'Test connection' }, { timeout: 5000 }),
      );
      await within(canvasElement).findByText(shows, {}, { timeout: 5000 });
      // Whether the clicked button shows its focus ring depends on the input the page saw before (focus-visible):
      // the screenshot is taken without it.
      (document.activeElement as HTMLElement | null)?.blur();
    },
  };
};

/** A failed check says what to do about it; Retry runs the test again. */
export const TestFailed = testStory(
  {
    id: 'diag-1',
    success: false,
    message: 'failed',
    traces: [
      trace('node web-1 exists'),
      trace('your roles allow the login admin on node web-1'),
      trace(
        'logging in to web-1 as admin',
        'user admin does not exist: create the account admin on web-1 (useradd admin), or test a login that exists there',
      ),
    ],
  },
  'user admin does not exist: create the account admin on web-1 (useradd admin), or test a login that exists there',
);

export const TestPassed = testStory(
  {
    id: 'diag-2',
    success: true,
    message: 'success',
    traces: [
      trace('node web-1 exists'),
      trace('your roles allow the login admin on node web-1'),
      trace('logged in to web-1 as admin and ran a command'),
    ],
  },
  'The connection works.',
);

export const Done = stepStory(Finished, server('finished', { resource: web1 }), {
  shows: 'Go to Servers',
  stepIndex: 5,
});
