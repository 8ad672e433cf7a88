import { Box, Flex, Menu, Text, Toggle, useTheme } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../session/useSession';

/** The top bar: the cluster, the light/dark switch and the user menu. */
export function TopBar({ clusterId, username }: { clusterId: string; username: string }) {
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const { themeName, toggleTheme } = useTheme();
  return (
    <Flex as="header" alignItems="center" justifyContent="space-between" px={4} py={2}>
      <Text typography="h4" aria-label="Cluster">
        {clusterId}
      </Text>
      <Flex alignItems="center">
        <Toggle label="Dark theme" checked={themeName === 'dark'} onChange={toggleTheme} />
        <Box ml={4}>
          <Menu
            label={username}
            kind="border"
            items={[
              { label: 'Account Settings', onSelect: () => navigate(webRoutes.account) },
              { label: 'Help & Support', onSelect: () => navigate(webRoutes.support) },
              { label: 'Logout', onSelect: () => void session?.logout() },
            ]}
          />
        </Box>
      </Flex>
    </Flex>
  );
}
