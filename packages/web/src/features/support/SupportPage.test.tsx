import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import SupportPage from './SupportPage';

async function renderSupport() {
  server.use(...userContextHandlers([]));
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <SupportPage />
      </Suspense>,
    );
  });
  await screen.findByRole('heading', { name: 'Help & Support' });
}

test('shows where to get help and the cluster’s facts', async () => {
  await renderSupport();
  expect(screen.getByRole('heading', { name: 'Documentation' })).toBeInTheDocument();
  expect(screen.getByText(/Cluster Name/)).toHaveTextContent('Cluster Name: localhost');
  expect(screen.getByText(/Gateway Version/)).toHaveTextContent('0.1.0');
});

test('no link points at a placeholder address', async () => {
  await renderSupport();
  for (const link of screen.queryAllByRole('link')) {
    expect(link.getAttribute('href')).not.toMatch(/github\.com\/portcullis|example\.(com|org)/);
  }
});
