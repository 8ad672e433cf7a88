import { ThemeProvider } from '@portcullis/design';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Renders a page the way the console does: theme, a fresh jotai store and a router at `path`. */
export function renderPage(ui: ReactElement, { path = '/web' }: { path?: string } = {}) {
  return render(
    <ThemeProvider>
      <Provider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Provider>
    </ThemeProvider>,
  );
}
