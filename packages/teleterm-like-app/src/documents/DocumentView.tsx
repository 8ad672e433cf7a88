import type { DatabaseLogin } from '@portcullis/console-kit';
import { Alert, Box } from '@portcullis/design';
import type { Database, DaemonDocumentJson, DaemonProfileJson } from '@portcullis/shared';
import type { Connections } from '../connections/useConnections';
import type { NewDocument } from '../workspace/documents';
import { DatabaseDocument } from './DatabaseDocument';
import { KubeDocument } from './KubeDocument';
import { ResourcesDocument } from './ResourcesDocument';
import { TerminalDocument } from './TerminalDocument';

export interface DocumentViewProps {
  doc: DaemonDocumentJson;
  visible: boolean;
  profile: DaemonProfileJson | undefined;
  connections: Connections;
  search: string | undefined;
  onOpen: (doc: NewDocument) => void;
  onConnectDatabase: (profile: DaemonProfileJson, database: Database, login: DatabaseLogin) => void;
}

function DocumentBody({
  doc,
  visible,
  profile,
  connections,
  search,
  onOpen,
  onConnectDatabase,
}: DocumentViewProps) {
  switch (doc.kind) {
    case 'resources':
      return profile ? (
        <ResourcesDocument
          profile={profile}
          search={search}
          onOpen={onOpen}
          onConnectDatabase={onConnectDatabase}
        />
      ) : (
        <Alert m={3}>You are no longer signed in to this cluster.</Alert>
      );
    case 'terminal':
      return <TerminalDocument doc={doc} visible={visible} />;
    case 'database':
      return <DatabaseDocument doc={doc} visible={visible} connections={connections} />;
    case 'kube':
      return <KubeDocument doc={doc} visible={visible} />;
  }
}

/**
 * One tab's content. Hidden tabs stay mounted, so their sessions go on while another tab is shown. A Box, not a
 * Flex: Flex's own display would win over display none.
 */
export function DocumentView(props: DocumentViewProps) {
  return (
    <Box
      role="tabpanel"
      aria-label={props.doc.title}
      hidden={!props.visible}
      display={props.visible ? 'flex' : 'none'}
      flexDirection="column"
      flex="1"
      minHeight={0}
    >
      <DocumentBody {...props} />
    </Box>
  );
}
