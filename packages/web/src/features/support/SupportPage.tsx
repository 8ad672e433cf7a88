import { Card, Flex, H1, H2, Text } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { webConfigAtom } from '../../config';
import { userContextAtom } from '../../session/userContext';

/**
 * Help & Support: where the documentation is, and the facts about this cluster a report should carry. The
 * project publishes no documentation site, so the page says where the docs live instead of linking to one.
 */
export default function SupportPage() {
  const { cluster } = useAtomValue(userContextAtom);
  const config = useAtomValue(webConfigAtom);
  const facts = [
    ['Cluster Name', cluster.clusterId],
    ['Gateway Version', cluster.proxyVersion],
    ['Public Address', cluster.publicURL],
    ['Tunnel Address', config.tunnelPublicAddress],
  ];
  return (
    <>
      <H1 mb={4}>Help & Support</H1>
      <Flex flexWrap="wrap">
        <Card mr={4} mb={4}>
          <H2 mb={3}>Documentation</H2>
          <Text mb={2}>
            The README at the root of the Portcullis source explains how to start the gateway, its configuration
            file and the{' '}
            <Text as="span" mono>
              portcullis
            </Text>{' '}
            command line.
          </Text>
          <Text>When you report a problem, include the cluster information on this page.</Text>
        </Card>
        <Card mb={4}>
          <H2 mb={3}>Cluster Information</H2>
          {facts.map(([name, value]) => (
            <Text key={name} mb={2}>
              {name}:{' '}
              <Text as="span" mono>
                {value || '—'}
              </Text>
            </Text>
          ))}
        </Card>
      </Flex>
    </>
  );
}
