import { setupServer } from 'msw/node';

/** The API the page tests talk to; each test adds the answers it needs with server.use(...). */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
