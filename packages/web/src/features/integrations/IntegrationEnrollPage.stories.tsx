import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import IntegrationEnrollPage from './IntegrationEnrollPage';
import { integrationAdminContext, openidConfigurationAnswer } from './integrationStoryAnswers';

const meta: Meta = { title: 'Console/Enroll New Integration' };
export default meta;

const backend = { answers: { ...integrationAdminContext, ...openidConfigurationAnswer } };

const at = (path: string, shows: string): StoryObj => ({
  play: showsText(shows),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} route="/web/integrations/new/:type?" path={path}>
      <IntegrationEnrollPage />
    </StoryConsole>
  ),
});

/** The kinds of integration to choose from. */
export const Picker = at('/web/integrations/new', 'AWS OIDC');

/** The AWS setup steps, quoting the gateway's issuer, above the form. */
export const AwsOidcForm = at('/web/integrations/new/aws-oidc', 'Set up AWS');
