import type { DatabaseLogin } from '@portcullis/console-kit';
import { Alert, EmptyState, Flex, Icons, TabBar, ThemeToggle, TopNav } from '@portcullis/design';
import type {
  Database,
  DaemonConnectionJson,
  DaemonProfileJson,
  DaemonWorkspaceJson,
} from '@portcullis/shared';
import { useRef, useState } from 'react';
import { CommandBar } from './commands/CommandBar';
import { runCommand } from './commands/runCommand';
import { ConnectionsPanel } from './connections/ConnectionsPanel';
import type { Connections } from './connections/useConnections';
import type { DaemonClient } from './daemon/daemonClient';
import { profileServices } from './daemon/profileGateway';
import { DocumentView } from './documents/DocumentView';
import { ProfileSidebar } from './profiles/ProfileSidebar';
import type { Profiles } from './profiles/useProfiles';
import { SignInDialog } from './signin/SignInDialog';
import {
  activateDocument,
  activeDocument,
  closeDocument,
  forgetProfile,
  type NewDocument,
  nthDocument,
  openDocument,
  resourcesDocument,
  stepDocument,
} from './workspace/documents';
import { ShortcutHelp } from './workspace/ShortcutHelp';
import type { Shortcut } from './workspace/shortcuts';
import { useShortcuts } from './workspace/useShortcuts';

export interface MainWindowProps {
  daemon: Pick<DaemonClient, 'login'>;
  profiles: Profiles;
  workspace: DaemonWorkspaceJson;
  update: (change: (ws: DaemonWorkspaceJson) => DaemonWorkspaceJson) => void;
  workspaceError: string;
  connections: Connections;
}

/** The workspace: clusters on the left, tabs in the middle, local connections on the right, commands on top. */
export function MainWindow({
  daemon,
  profiles,
  workspace,
  update,
  workspaceError,
  connections,
}: MainWindowProps) {
  const commandInput = useRef<HTMLInputElement>(null);
  // What the command bar searched for, per profile (its resources tab shows it); not kept across restarts.
  const [searches, setSearches] = useState<Record<string, string>>({});
  // undefined: no dialog; null: a new cluster; a profile: signing in to it again.
  const [signingIn, setSigningIn] = useState<DaemonProfileJson | null>();

  const active = activeDocument(workspace);
  const activeProfile =
    profiles.list.find((p) => p.id === active?.profile) ??
    profiles.list.find((p) => p.loggedIn) ??
    profiles.list[0];

  const open = (doc: NewDocument) => update((ws) => openDocument(ws, doc));
  const openConnectionTab = (
    connection: DaemonConnectionJson,
    title = `${connection.database} (${connection.dbUser})`,
  ) => open({ kind: 'database', profile: connection.profile, connectionId: connection.id, title });
  const connectDatabase = (
    profile: DaemonProfileJson,
    database: Database,
    { dbUser, dbName }: DatabaseLogin,
  ) => {
    connections
      .open({
        profile: profile.id,
        clusterId: profile.clusterName,
        kind: 'db',
        database: database.name,
        dbUser,
        ...(dbName ? { dbName } : {}),
      })
      .then(
        (connection) => openConnectionTab(connection),
        () => undefined,
      );
  };
  const signOut = (profile: DaemonProfileJson) =>
    profiles.signOut(profile.id).then(
      () => update((ws) => forgetProfile(ws, profile.id)),
      () => undefined,
    );

  useShortcuts((shortcut: Shortcut) => {
    if (shortcut.action === 'commandBar') commandInput.current?.focus();
    else if (shortcut.action === 'close')
      update((ws) => (ws.activeDocumentId ? closeDocument(ws, ws.activeDocumentId) : ws));
    else if (shortcut.action === 'step') update((ws) => stepDocument(ws, shortcut.by));
    else update((ws) => nthDocument(ws, shortcut.index));
  });

  return (
    <Flex flexDirection="column" height="100vh">
      <TopNav
        brand="Portcullis Workspace"
        actions={
          <>
            <ShortcutHelp />
            <ThemeToggle />
          </>
        }
      >
        <CommandBar
          ref={commandInput}
          run={(command) =>
            runCommand(command, {
              profile: activeProfile,
              services: profileServices,
              openConnection: connections.open,
            })
          }
          onOutcome={({ open: doc, search }) => {
            if (search !== undefined) setSearches((all) => ({ ...all, [doc.profile]: search }));
            open(doc);
          }}
        />
      </TopNav>
      <Flex flex="1" minHeight={0}>
        <ProfileSidebar
          profiles={profiles.list}
          activeProfile={activeProfile?.id}
          error={profiles.error}
          onOpenResources={(profile) => open(resourcesDocument(profile))}
          onSignIn={(profile) => setSigningIn(profile ?? null)}
          onSignOut={(profile) => void signOut(profile)}
        />
        <Flex as="main" flexDirection="column" flex="1" minWidth={0} bg="levels.sunken">
          {workspaceError ? <Alert m={2}>{workspaceError}</Alert> : null}
          <TabBar
            label="Tabs"
            tabs={workspace.documents.map(({ id, title }) => ({ id, title }))}
            activeId={workspace.activeDocumentId}
            onSelect={(id) => update((ws) => activateDocument(ws, id))}
            onClose={(id) => update((ws) => closeDocument(ws, id))}
            {...(activeProfile ? { onAdd: () => open(resourcesDocument(activeProfile)) } : {})}
          />
          {workspace.documents.map((doc) => (
            <DocumentView
              key={doc.id}
              doc={doc}
              visible={doc.id === workspace.activeDocumentId}
              profile={profiles.list.find((p) => p.id === doc.profile)}
              connections={connections}
              search={searches[doc.profile]}
              onOpen={open}
              onConnectDatabase={connectDatabase}
            />
          ))}
          {workspace.documents.length === 0 ? (
            <EmptyState
              icon={Icons.Terminal}
              title="No tabs open"
              description="Open a cluster's resources from the left, or type ssh login@host in the command bar (Ctrl+K)."
            />
          ) : null}
        </Flex>
        <ConnectionsPanel connections={connections} onOpen={(connection) => openConnectionTab(connection)} />
      </Flex>
      {signingIn !== undefined ? (
        <SignInDialog
          daemon={daemon}
          again={signingIn ?? undefined}
          onClose={() => setSigningIn(undefined)}
          onSignedIn={(profile) => {
            profiles.signedIn(profile);
            // A new cluster opens on its resources; signing in again keeps the tabs as they are.
            if (signingIn === null) open(resourcesDocument(profile));
            setSigningIn(undefined);
          }}
        />
      ) : null}
    </Flex>
  );
}
