/*
 * Everything only a signed-in page needs, loaded as one chunk once such a page is asked for (see signedInChunk.ts),
 * so the login page's JavaScript goes without the session, the user context and the main layout.
 */
export { default as MainLayout } from '../features/layout/MainLayout';
export { Gate } from './Gate';
export { Home } from './Home';
export { PrivateRoutes } from './PrivateRoutes';
