import { screen } from '@testing-library/react';
import { renderPage } from '../../testing/renderPage';
import LoginFailedPage from './LoginFailedPage';

test('says the login was unsuccessful and links back to the login', () => {
  renderPage(<LoginFailedPage />, { path: '/web/msg/error/login' });
  expect(screen.getByRole('heading', { name: 'Login Unsuccessful' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Please attempt to log in again.' })).toHaveAttribute(
    'href',
    '/web/login',
  );
});

test('shows the reason the server gave', () => {
  renderPage(<LoginFailedPage />, { path: '/web/msg/error/login/callback?message=connector%20refused' });
  expect(screen.getByText('connector refused')).toBeInTheDocument();
});

test('shows the details a single sign-on callback gives', () => {
  renderPage(<LoginFailedPage />, {
    path: `/web/msg/error/login/callback?details=${encodeURIComponent('the sign-in code was already used or has expired: start the sign-in again')}`,
  });
  expect(screen.getByText('the sign-in code was already used or has expired: start the sign-in again')).toBeInTheDocument();
});
