import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import SupportPage from './SupportPage';

test('shows where to get help and the cluster’s facts', async () => {
  server.use(...userContextHandlers([]));
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <SupportPage />
      </Suspense>,
    );
  });
  expect(await screen.findByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');
  expect(screen.getByText(/Cluster Name/)).toHaveTextContent('Cluster Name: localhost');
  expect(screen.getByText(/Gateway Version/)).toHaveTextContent('0.1.0');
});
