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
