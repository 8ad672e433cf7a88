import { Box, Card, Flex, H1, H3, Link, Text } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { pages } from '../../router/pages';
import { featureFlagsAtom } from '../../session/userContext';
import NotFound from '../errors/NotFound';
import { featuresWithPages, navigationGroups } from '../layout/navigation';
import { ClusterStatus } from './ClusterStatus';
import { clustersAtom } from './clustersAtoms';

/** The areas a cluster page leads to: the console's pages under /web/cluster/{clusterId}/. */
const clusterAreas = featuresWithPages(new Set(pages.map((p) => p.path))).filter((f) =>
  webRoutes[f.route].startsWith(webRoutes.cluster),
);

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" muted>
        {term}
      </Text>
      <Text as="dd" m={0}>
        {children}
      </Text>
    </>
  );
}

/** One cluster (this one or a leaf): its summary from the clusters list, and links to what the user may open there. */
export default function ClusterPage() {
  const { clusterId = '' } = useParams();
  const cluster = useAtomValue(clustersAtom).find((c) => c.clusterId === clusterId);
  const flags = useAtomValue(featureFlagsAtom);
  if (!cluster) return <NotFound />;
  return (
    <>
      <Flex alignItems="center" gap={3} mb={4}>
        <H1 m={0}>{cluster.clusterId}</H1>
        <ClusterStatus status={cluster.status} />
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap={5} rowGap={2} mb={5}>
        <Fact term="Nodes">{cluster.nodeCount}</Fact>
        <Fact term="Public URL">{cluster.publicURL}</Fact>
        <Fact term="Last connected">{cluster.connectedText}</Fact>
        <Fact term="Auth version">{cluster.authVersion}</Fact>
        <Fact term="Proxy version">{cluster.proxyVersion}</Fact>
      </Box>
      <Flex flexWrap="wrap" gap={4}>
        {navigationGroups(flags, cluster.clusterId, clusterAreas).map((group) => {
          const title = group.section ?? group.category;
          return (
            <Card as="nav" key={title} aria-label={title} width="auto" minWidth={240}>
              <H3 mt={0}>{title}</H3>
              <Flex flexDirection="column" gap={2}>
                {group.items.map((item) => (
                  <Link key={item.to} as={RouterLink} to={item.to}>
                    {item.title}
                  </Link>
                ))}
              </Flex>
            </Card>
          );
        })}
      </Flex>
    </>
  );
}
