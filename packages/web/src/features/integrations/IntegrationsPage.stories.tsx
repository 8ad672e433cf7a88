import type { IntegrationJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { integrationAdminContext, integrationListAnswer, storyIntegrations } from './integrationStoryAnswers';
import IntegrationsPage from './IntegrationsPage';

const meta: Meta = { title: 'Console/Integrations' };
export default meta;

const withIntegrations = (items: IntegrationJson[], shows: string): StoryObj => {
  const backend = { answers: { ...integrationAdminContext, ...integrationListAnswer(items) } };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} path="/web/integrations">
        <IntegrationsPage />
      </StoryConsole>
    ),
  };
};

export const List = withIntegrations(storyIntegrations, 'aws-prod');

/** Nothing enrolled yet: the empty state leads to enrolling one. */
export const Empty = withIntegrations([], 'No Integrations Yet');

/** The confirmation over the list. */
export const DeleteIntegration: StoryObj = {
  ...withIntegrations(storyIntegrations, 'aws-prod'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Delete aws-prod' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: 'Delete Integration?' });
  },
};
