import { openTerminalSocket } from '@portcullis/console-kit';
import type { DaemonDocumentJson } from '@portcullis/shared';
import { profileServices } from '../daemon/profileGateway';
import { SessionTerminal } from './SessionTerminal';

type TerminalDoc = Extract<DaemonDocumentJson, { kind: 'terminal' }>;

/** A shell on a node as a login, through the profile's gateway; after a restart it is a new session. */
export function TerminalDocument({ doc, visible }: { doc: TerminalDoc; visible: boolean }) {
  const { gateway } = profileServices(doc.profile);
  return (
    <SessionTerminal
      visible={visible}
      target={doc.title}
      open={(term) =>
        openTerminalSocket(doc.clusterId, { server_id: doc.serverId, login: doc.login, term }, gateway)
      }
    />
  );
}
