import { setupServer } from 'msw/node';

/** The daemon (and, under its forwarding prefix, the gateways) the tests talk to; each test adds its answers. */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
