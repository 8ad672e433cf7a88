import { openSshConnector } from '../connectors/openssh/connector';
import { UserCertificateAuthority } from '../connectors/openssh/ca';
import { OpenSshClient } from '../connectors/openssh/client';
import { execRoutes } from '../exec/routes';
import type { ResourceModule } from '../register';
import { terminalRoutes } from '../terminal/routes';
import { transferRoutes } from '../transfer/routes';
import { nodeAnnouncements } from './announcements';
import { nodeKind } from './kind';
import { nodeRoutes } from './routes';

/**
 * Nodes: the node kind, the nodes agents announce, OpenSSH for nodes without an agent (under certificates of the gateway's user CA), the
 * node list, and the ways in: the terminal, the command socket and file transfer.
 */
export const nodesModule: ResourceModule = (r) => {
  const ca = UserCertificateAuthority.loadOrCreate(r.gw.config.dataDir);
  r.core.kinds.register(nodeKind(r.nodes, r.gw.now));
  r.agents.acceptAnnouncements('node', nodeAnnouncements(r.nodes));
  r.core.connectors.registerDirect('node', openSshConnector(new OpenSshClient(ca, r.gw.config.dataDir)));
  nodeRoutes(r.gw, r.nodes, ca);
  terminalRoutes(r.gw, r.core);
  execRoutes(r.gw, r.core);
  transferRoutes(r.gw, r.app, r.core);
};
