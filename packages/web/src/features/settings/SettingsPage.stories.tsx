import { webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import SettingsPage from './SettingsPage';

const meta: Meta = { title: 'Console/Settings', parameters: { layout: 'fullscreen' } };
export default meta;

const backend = { answers: layoutAnswers };

/** The console's own settings; its theme switch follows the theme the story is shown in. */
export const Appearance: StoryObj = {
  play: showsText('Appearance'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryInLayout store={loaded.store} route={webRoutes.settings}>
      <SettingsPage />
    </StoryInLayout>
  ),
};
