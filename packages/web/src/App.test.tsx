import { render, screen } from '@testing-library/react';
import { App } from './App';

test('renders the sign-in heading', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: 'Sign in to Portcullis' })).toBeInTheDocument();
});
