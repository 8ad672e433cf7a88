import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { requestHeaders } from '../../../platform/http/forward';
import type { Impersonation } from '../impersonation';

/** kubectl's request headers as the agent gets them: its credentials and any impersonation it asked for gone, the gateway's set. */
export function upstreamHeaders(req: IncomingMessage, as: Impersonation, upgrade: boolean): OutgoingHttpHeaders {
  const headers = requestHeaders(req, (name) => name === 'host' || name === 'authorization' || name.startsWith('impersonate-'), upgrade);
  headers['impersonate-user'] = as.user;
  if (as.groups.length) headers['impersonate-group'] = as.groups;
  return headers;
}
