import {
  DesktopSession,
  type DesktopSocket,
  type DesktopTarget,
  type RfbFactory,
} from '@portcullis/console-kit';
import { Box } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { useParams, useSearchParams } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { connectDesktop } from './desktopsService';

export interface DesktopSessionPageProps {
  /** How the page reaches the gateway; tests pass a fake socket. */
  connect?: (target: DesktopTarget, size: { width: number; height: number }) => DesktopSocket;
  /** The RFB client; tests pass a stand-in for noVNC. */
  makeRfb?: RfbFactory;
}

/**
 * A remote desktop (/web/cluster/{clusterId}/desktops/{desktopName}/{username}), full screen in its own tab.
 * With ?sid= it joins that live session as an observer; `username` is then the session's login.
 */
export default function DesktopSessionPage({ connect = connectDesktop, makeRfb }: DesktopSessionPageProps) {
  const { clusterId = '', desktopName = '', username = '' } = useParams();
  const [query] = useSearchParams();
  const sid = query.get('sid') ?? undefined;
  const { acl } = useAtomValue(userContextAtom);
  return (
    <Box height="100vh">
      {/* Keyed by the target: another desktop, login or session is another connection. */}
      <DesktopSession
        key={`${desktopName}/${username}/${sid ?? ''}`}
        desktopName={desktopName}
        username={username}
        clipboardSharing={acl.clipboardSharingEnabled}
        connect={(size) => connect({ clusterId, desktopName, username, sid }, size)}
        makeRfb={makeRfb}
      />
    </Box>
  );
}
