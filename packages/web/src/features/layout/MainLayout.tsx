import { Box, Flex, SideNav } from '@portcullis/design';
import { clusterIdFromPath } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { featureFlagsAtom, userContextAtom } from '../../session/userContext';
import { pages } from '../../router/pages';
import { InsideMainLayout } from './mainLandmark';
import { featuresWithPages, navigationGroups } from './navigation';
import { TopBar } from './TopBar';

const consoleFeatures = featuresWithPages(new Set(pages.map((p) => p.path)));

/** The frame of every private page but the full-screen ones: top bar, side navigation, the page. */
export default function MainLayout() {
  const user = useAtomValue(userContextAtom);
  const flags = useAtomValue(featureFlagsAtom);
  const { pathname } = useLocation();
  return (
    <Flex flexDirection="column" height="100vh">
      <TopBar
        clusterId={user.cluster.clusterId}
        username={user.username}
        accessRequestId={user.accessRequestId}
        assist={flags.assist}
      />
      <Flex flex="1" minHeight={0}>
        <SideNav
          // The cluster the page is in (a leaf, once switched to), else the one signed in to.
          groups={navigationGroups(flags, clusterIdFromPath(pathname) ?? user.cluster.clusterId, consoleFeatures)}
          activePath={pathname}
          linkAs={Link}
        />
        <Box as="main" flex="1" p={5} minWidth={0} overflow="auto">
          <InsideMainLayout value>
            <Outlet />
          </InsideMainLayout>
        </Box>
      </Flex>
    </Flex>
  );
}
