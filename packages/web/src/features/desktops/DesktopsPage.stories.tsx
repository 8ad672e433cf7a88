import { type DesktopJson, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import DesktopsPage from './DesktopsPage';

const meta: Meta = { title: 'Console/Desktops', parameters: { layout: 'fullscreen' } };
export default meta;

const desktop = (name: string, addr: string, env: string, logins: string[]): DesktopJson => ({
  os: 'windows',
  name,
  addr,
  labels: [{ name: 'env', value: env }],
  host_id: 'desktop-service-1',
  logins,
});

const desktops: DesktopJson[] = [
  desktop('win-1', '10.0.3.7:3389', 'prod', ['Administrator', 'alice']),
  desktop('win-build', '10.0.3.8:3389', 'ci', ['builder']),
];

const withDesktops = (items: DesktopJson[], shows: string): StoryObj => {
  const backend = {
    answers: {
      ...layoutAnswers,
      '/v1/webapi/sites/localhost/desktops': { items, startKey: '', totalCount: items.length },
    },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryInLayout store={loaded.store} route={webRoutes.desktops}>
        <DesktopsPage />
      </StoryInLayout>
    ),
  };
};

export const List = withDesktops(desktops, 'win-build');

export const Empty = withDesktops([], 'No Desktops Found');
