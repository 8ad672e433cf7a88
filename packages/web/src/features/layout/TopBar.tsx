import { Menu, Text, Toggle, TopNav, useTheme } from '@portcullis/design';
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
    <TopNav
      brand={<Text aria-label="Cluster">{clusterId}</Text>}
      actions={
        <>
          <Toggle label="Dark theme" checked={themeName === 'dark'} onChange={toggleTheme} />
          <Menu
            label={username}
            kind="border"
            items={[
              { label: 'Account Settings', onSelect: () => navigate(webRoutes.account) },
              { label: 'Help & Support', onSelect: () => navigate(webRoutes.support) },
              { label: 'Logout', onSelect: () => void session?.logout() },
            ]}
          />
        </>
      }
    />
  );
}
