import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderPage } from '../../testing/renderPage';
import AccessDenied from './AccessDenied';
import { ErrorBoundary } from './ErrorBoundary';
import NotFound from './NotFound';

let failNext = true;
function Fragile() {
  const [n] = useState(1);
  if (failNext) throw new Error('cannot read the cluster');
  return <p>rendered {n}</p>;
}

test('a render error shows Internal Error with the message, and retry renders again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  failNext = true;
  renderPage(
    <ErrorBoundary>
      <Fragile />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Internal Error' })).toBeInTheDocument();
  expect(screen.getByText('cannot read the cluster')).toBeInTheDocument();
  failNext = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByText('rendered 1')).toBeInTheDocument();
});

test('404 page says what the spec says', () => {
  renderPage(<NotFound />);
  expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  expect(screen.getByText('The requested path could not be found.')).toBeInTheDocument();
});

test('Access Denied page', () => {
  renderPage(<AccessDenied />);
  expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
});
