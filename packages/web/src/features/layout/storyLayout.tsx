import { aclAreas, type ClusterJson, compilePath } from '@portcullis/shared';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { adminContext, StoryConsole, type StoryAnswers, type storyStore } from '../../stories/storyGateway';
import MainLayout from './MainLayout';

const contextPath = 'GET /v1/webapi/sites/localhost/context';
const every = { list: true, read: true, edit: true, create: true, remove: true };

/**
 * An administrator granted every area, so the side navigation lists the page a story shows (and every other),
 * signed in to a gateway that reaches no other cluster.
 */
export const layoutAnswers: StoryAnswers = {
  ...adminContext,
  [contextPath]: {
    ...adminContext[contextPath],
    userAcl: Object.fromEntries(aclAreas.map((area) => [area, every])),
  },
  'GET /v1/webapi/sites': [{ name: 'localhost', status: 'online' }] satisfies ClusterJson[],
};

/** A page in a story as its route (one of webRoutes) shows it: inside the main layout, in the cluster localhost. */
export function StoryInLayout({
  store,
  route,
  children,
}: {
  store: Awaited<ReturnType<typeof storyStore>>;
  route: string;
  children: ReactNode;
}) {
  return (
    <StoryConsole store={store} path={compilePath(route, { clusterId: 'localhost' })}>
      <Routes>
        <Route element={<MainLayout />}>
          <Route path={route} element={children} />
        </Route>
      </Routes>
    </StoryConsole>
  );
}
