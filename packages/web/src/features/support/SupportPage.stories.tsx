import { webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import SupportPage from './SupportPage';

const meta: Meta = { title: 'Console/Help & Support', parameters: { layout: 'fullscreen' } };
export default meta;

const backend = { answers: layoutAnswers, config: { tunnelPublicAddress: 'localhost:3024' } };

/** Where the documentation is, and the cluster facts a problem report should carry. */
export const ClusterInformation: StoryObj = {
  play: showsText('localhost:3024'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryInLayout store={loaded.store} route={webRoutes.support}>
      <SupportPage />
    </StoryInLayout>
  ),
};
