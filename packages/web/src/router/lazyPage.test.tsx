import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { lazyPage } from './lazyPage';

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

const renderPage = (Page: ReturnType<typeof lazyPage>) =>
  render(
    <Catch>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </Catch>,
  );

beforeEach(() => sessionStorage.clear());
afterEach(() => jest.restoreAllMocks());

test('renders the loaded page', async () => {
  const Page = lazyPage(() => Promise.resolve({ default: () => <h1>Users</h1> }));
  renderPage(Page);
  expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
});

test('a stale chunk reloads the page once', async () => {
  const reload = jest.fn();
  const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
    reload,
  });
  renderPage(Page);
  await new Promise((r) => setTimeout(r, 0));
  expect(reload).toHaveBeenCalledTimes(1);
  expect(screen.getByText('loading')).toBeInTheDocument();
});

test('a chunk still missing after the reload shows the error instead of looping', async () => {
  // React reports the error the boundary catches; that report is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const reload = jest.fn();
  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  renderPage(lazyPage(failing, { reload }));
  await new Promise((r) => setTimeout(r, 0));
  renderPage(lazyPage(failing, { reload }));
  expect(await screen.findByText('failed: Failed to fetch dynamically imported module')).toBeInTheDocument();
  expect(reload).toHaveBeenCalledTimes(1);
});
