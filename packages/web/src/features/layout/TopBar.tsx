import { Menu, ProductMark, Toggle, TopNav, useTheme } from '@portcullis/design';
import { clusterIdFromPath, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { sessionAtom } from '../../session/useSession';
import { AssumedAccess } from '../accessrequests/AssumedAccess';
import { AssistPopup } from '../assist/AssistPopup';
import { ClusterSwitcher } from '../clusters/ClusterSwitcher';

/**
 * The top bar: the product's mark and name, the cluster (the page's, else `clusterId`, the one signed in to) with the switcher
 * to the others, the light/dark switch and the user menu (account, the console's settings, help, logout: every
 * page a user may want but the side navigation does not list). While the session carries an assumed access
 * request (`accessRequestId` of the user context), its roles and Switch Back. With `assist` (the user's flag), the
 * assistant's popup.
 */
export function TopBar({
  clusterId,
  username,
  accessRequestId,
  assist = false,
}: {
  clusterId: string;
  username: string;
  accessRequestId?: string;
  assist?: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useAtomValue(sessionAtom);
  const { themeName, toggleTheme } = useTheme();
  return (
    <TopNav
      brand={<ProductMark />}
      actions={
        <>
          {assist ? <AssistPopup /> : null}
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
      <ClusterSwitcher current={clusterIdFromPath(pathname) ?? clusterId} />
      {accessRequestId ? <AssumedAccess clusterId={clusterId} requestId={accessRequestId} /> : null}
    </TopNav>
  );
}
