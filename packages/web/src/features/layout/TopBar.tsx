import { Menu, Text, Toggle, TopNav, useTheme } from '@portcullis/design';
import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../session/useSession';
import { AssumedAccess } from '../accessrequests/AssumedAccess';

/**
 * The top bar: the product, the cluster, the light/dark switch and the user menu (account, the console's
 * settings, help, logout: every page a user may want but the side navigation does not list). The cluster name is muted
 * text, not in the brand colour, because it leads nowhere and should not look like a link. While the session
 * carries an assumed access request (`accessRequestId` of the user context), its roles and Switch Back.
 */
export function TopBar({
  clusterId,
  username,
  accessRequestId,
}: {
  clusterId: string;
  username: string;
  accessRequestId?: string;
}) {
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const { themeName, toggleTheme } = useTheme();
  return (
    <TopNav
      brand="Portcullis"
      actions={
        <>
          <Toggle label="Dark theme" checked={themeName === 'dark'} onChange={toggleTheme} />
          <Menu
            label={username}
            kind="border"
            items={[
              { label: 'Account Settings', onSelect: () => navigate(webRoutes.account) },
              { label: 'Settings', onSelect: () => navigate(webRoutes.settings) },
              { label: 'Help & Support', onSelect: () => navigate(webRoutes.support) },
              { label: 'Logout', onSelect: () => void session?.logout() },
            ]}
          />
        </>
      }
    >
      <Text muted>Cluster: {clusterId}</Text>
      {accessRequestId ? <AssumedAccess clusterId={clusterId} requestId={accessRequestId} /> : null}
    </TopNav>
  );
}
