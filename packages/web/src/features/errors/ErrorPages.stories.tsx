import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import AccessDenied from './AccessDenied';
import { InternalError } from './InternalError';
import NotFound from './NotFound';

const meta: Meta = { title: 'Console/Error Pages', parameters: { layout: 'fullscreen' } };
export default meta;

// Its way home is a router link.
export const NotFoundPage: StoryObj = {
  render: () => (
    <MemoryRouter>
      <NotFound />
    </MemoryRouter>
  ),
};
export const AccessDeniedPage: StoryObj = { render: () => <AccessDenied /> };
export const InternalErrorPage: StoryObj = {
  render: () => (
    <InternalError message="Cannot read properties of undefined (reading 'clusterId')" onRetry={() => {}} />
  ),
};
