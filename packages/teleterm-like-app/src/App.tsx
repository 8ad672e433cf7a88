import { Flex, Indicator, ThemeProvider, type ThemeName } from '@portcullis/design';
import type { DaemonProfileJson } from '@portcullis/shared';
import { useMemo } from 'react';
import { useConnections } from './connections/useConnections';
import { createDaemonClient, type DaemonClient } from './daemon/daemonClient';
import { MainWindow } from './MainWindow';
import { useProfiles } from './profiles/useProfiles';
import { SignInScreen } from './signin/SignInScreen';
import { openDocument, resourcesDocument } from './workspace/documents';
import { useWorkspace } from './workspace/useWorkspace';

/** The workspace app: the daemon's profiles, tabs and connections, in the theme kept with the tabs. */
export function App({ daemon: given, theme }: { daemon?: DaemonClient; theme?: ThemeName }) {
  const daemon = useMemo(() => given ?? createDaemonClient(), [given]);
  const profiles = useProfiles(daemon);
  const { workspace, update, error } = useWorkspace(daemon);
  const connections = useConnections(daemon);

  const screen = () => {
    if (!workspace || !profiles.loaded) {
      return (
        <Flex minHeight="100vh" alignItems="center" justifyContent="center">
          <Indicator label="Loading the workspace" />
        </Flex>
      );
    }
    if (profiles.list.length === 0) {
      const signedIn = (profile: DaemonProfileJson) => {
        profiles.signedIn(profile);
        update((ws) => openDocument(ws, resourcesDocument(profile)));
      };
      return <SignInScreen daemon={daemon} onSignedIn={signedIn} />;
    }
    return (
      <MainWindow
        daemon={daemon}
        profiles={profiles}
        workspace={workspace}
        update={update}
        workspaceError={error}
        connections={connections}
      />
    );
  };

  return (
    <ThemeProvider
      // A host that decides the theme (Storybook's toolbar) overrides the workspace's.
      themeName={theme ?? workspace?.theme ?? 'light'}
      onThemeChange={(theme) => update((ws) => ({ ...ws, theme }))}
    >
      {screen()}
    </ThemeProvider>
  );
}
