import { FileTransferBar, NodeList, type TerminalSocket, TransferApprovals, useSecondFactorDialog } from '@portcullis/console-kit';
import { Flex, PageHeader } from '@portcullis/design';
import { compilePath, type TerminalParams, webRoutes } from '@portcullis/shared';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { gateway } from '../../client';
import { clusterLabel } from '../clusters/clusterLabel';
import { fetchNodes } from '../servers/nodesService';
import { ConsoleTabBar } from './ConsoleTabBar';
import { closeTab, type ConsoleTab, consoleTabsAtom, openTab, partiesAfter, type TabChange, tabId, tabPath, tabTitle, updateTab } from './consoleTabs';
import { connectTerminal } from './connectTerminal';
import { SessionFacts } from './SessionFacts';
import { TerminalPane } from './TerminalPane';

export interface ConsolePageProps {
  /** How a pane reaches the gateway; tests pass a fake socket. */
  connect?: (clusterId: string, params: TerminalParams) => TerminalSocket;
}

/**
 * The full-screen console: terminal sessions as tabs, the URL naming the active one
 * (console/node/{serverId}/{login}), and the node picker at console/nodes (or when no session is open).
 * Every pane stays mounted while it is open, so switching tabs never drops a shell. The header names the active
 * session (login@node, its id and parties) and holds its file transfers.
 */
export default function ConsolePage({ connect = connectTerminal }: ConsolePageProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useAtom(consoleTabsAtom);
  const inConsole = matchPath({ path: webRoutes.console, end: false }, pathname)?.params;
  const target = matchPath(webRoutes.consoleConnect, pathname)?.params;
  const clusterId = inConsole?.clusterId ?? '';
  const { serverId, login } = target ?? {};
  const activeId = serverId && login ? tabId(serverId, login) : undefined;
  const activeTab = tabs.find((t) => t.id === activeId);
  // Per-session MFA: a terminal or a file transfer whose roles want a second factor asks through one prompt.
  const { ask, dialog } = useSecondFactorDialog();
  // One per tab, kept while its pane lives: a moderated session's transfers ask its moderators through it.
  const approvals = useRef(new Map<string, TransferApprovals>());
  const approvalsOf = (id: string) => {
    const existing = approvals.current.get(id);
    if (existing) return existing;
    const created = new TransferApprovals();
    approvals.current.set(id, created);
    return created;
  };

  useEffect(() => {
    if (serverId && login) setTabs((all) => openTab(all, { clusterId, serverId, login }));
  }, [clusterId, serverId, login, setTabs]);

  const nodesPath = compilePath(webRoutes.consoleNodes, { clusterId });
  const select = (tab: ConsoleTab) => navigate(tabPath(tab));
  const close = (tab: ConsoleTab) => {
    const { tabs: rest, next } = closeTab(tabs, tab.id);
    setTabs(rest);
    approvals.current.delete(tab.id);
    if (tab.id === activeId) navigate(next ? tabPath(next) : nodesPath);
  };
  const change = useCallback((id: string, update: TabChange) => setTabs((all) => updateTab(all, id, update)), [setTabs]);

  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PageHeader
        title={activeTab ? tabTitle(activeTab) : 'New session'}
        back={{ title: 'Servers', to: compilePath(webRoutes.nodes, { clusterId }) }}
        details={activeTab ? <SessionFacts sessionId={activeTab.sessionId} parties={activeTab.parties} /> : undefined}
        linkAs={Link}
        actions={
          <>
            {activeTab ? (
              <FileTransferBar
                key={activeTab.id}
                clusterId={activeTab.clusterId}
                serverId={activeTab.serverId}
                nodeName={activeTab.hostname}
                login={activeTab.login}
                gateway={gateway}
                askSecondFactor={(challenge) => ask(challenge, `Transferring files on ${tabTitle(activeTab)} needs a second factor.`)}
                {...(activeTab.moderated && activeTab.sessionId ? { moderation: { sessionId: activeTab.sessionId, approvals: approvalsOf(activeTab.id) } } : {})}
              />
            ) : null}
            {clusterLabel(clusterId)}
          </>
        }
      />
      <ConsoleTabBar tabs={tabs} activeId={activeId} onSelect={select} onClose={close} onAdd={() => navigate(nodesPath)} />
      {!activeTab && (
        <Flex flexDirection="column" flex="1" p={3} overflow="auto">
          <NodeList clusterId={clusterId} onConnect={(node, nodeLogin) => navigate(tabPath({ clusterId, serverId: node.id, login: nodeLogin }))} fetchNodes={fetchNodes} />
        </Flex>
      )}
      {tabs.map((tab) => (
        <TerminalPane
          key={tab.id}
          visible={tab.id === activeId}
          connect={(term) => connect(tab.clusterId, { server_id: tab.serverId, login: tab.login, term })}
          onStatus={(status) => change(tab.id, { status })}
          onSession={(session) =>
            change(tab.id, {
              hostname: session.server_hostname,
              sessionId: session.id,
              moderated: session.moderated === true,
              parties: session.parties.map((p) => p.user),
            })
          }
          onAuditEvent={(event) => change(tab.id, (t) => ({ parties: partiesAfter(t.parties ?? [], event) }))}
          approvals={approvalsOf(tab.id)}
          onMfaChallenge={(challenge) => ask(challenge, `Opening ${tabTitle(tab)} needs a second factor.`)}
        />
      ))}
      {dialog}
    </Flex>
  );
}
