import { Box, Card, Flex, H1, H2, Link, Text } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { webConfigAtom } from '../../config';
import { userContextAtom } from '../../session/userContext';

const resources = [
  { title: 'Documentation', href: 'https://github.com/portcullis/portcullis#readme' },
  { title: 'Report an issue', href: 'https://github.com/portcullis/portcullis/issues' },
  { title: 'Discussions', href: 'https://github.com/portcullis/portcullis/discussions' },
];

/** Help & Support: where to read and ask, and the facts about this cluster a report should carry. */
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
          <H2 mb={3}>Resources</H2>
          {resources.map((r) => (
            <Box key={r.href} mb={2}>
              <Link href={r.href} target="_blank" rel="noreferrer">
                {r.title}
              </Link>
            </Box>
          ))}
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
