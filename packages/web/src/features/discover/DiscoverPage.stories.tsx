import { webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { localState } from '../../client';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import DiscoverPage from './DiscoverPage';

// Titled by the page's name: Console/Discover holds the wizard's steps one by one.
const meta: Meta = { title: 'Console/Enroll New Resource', parameters: { layout: 'fullscreen' } };
export default meta;

const backend = { answers: { ...layoutAnswers, 'POST /v1/webapi/capture': { message: 'ok' } } };

/** A run's first step, as the page opens when no run was left unfinished in this browser. */
export const ChooseResource: StoryObj = {
  play: showsText('Linux server'),
  loaders: [
    async () => {
      localState.setDiscover(null);
      return { store: await storyStore(backend) };
    },
  ],
  render: (_args, { loaded }) => (
    <StoryInLayout store={loaded.store} route={webRoutes.discover}>
      <DiscoverPage />
    </StoryInLayout>
  ),
};
