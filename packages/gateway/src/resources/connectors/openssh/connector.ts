import type { Connector } from '../../core/connectors';
import { parseSshAddr, type OpenSshClient } from './client';
import { openSshExec } from './exec';
import { openSshShell } from './shell';
import { sshDownload, sshUpload } from './transfers';

/**
 * Reaches a node that runs no agent over OpenSSH, with a short-lived certificate the gateway signs for the
 * caller: the node's sshd trusts the gateway's user CA.
 */
export function openSshConnector(client: OpenSshClient): Connector {
  return {
    channel: (resource, request, caller) =>
      request.type === 'shell'
        ? openSshShell(client, parseSshAddr(resource.addr), request, caller.keyId)
        : openSshExec(client, parseSshAddr(resource.addr), request.login, request.command, caller.keyId),
    files: {
      download: (resource, login, path, caller) => sshDownload(client, parseSshAddr(resource.addr), login, caller.keyId, path),
      upload: (resource, login, path, caller) => sshUpload(client, parseSshAddr(resource.addr), login, caller.keyId, path),
    },
  };
}
