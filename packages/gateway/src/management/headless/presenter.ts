import type { HeadlessLoginJson, HeadlessRequestJson } from '@portcullis/shared';
import type { HeadlessRequest } from './repo';

/** What the approval page shows: who asks, from where, until when. */
export const presentHeadlessRequest = (r: HeadlessRequest) =>
  ({ id: r.id, user: r.username, client_ip_address: r.clientIp, state: r.state, expires: new Date(r.expiresAt).toISOString() }) satisfies HeadlessRequestJson;

/** What the command line receives: the page to open, and the secret it alone collects the session with. */
export const presentHeadlessLogin = (id: string, url: string, secret: string, expiresAt: number) =>
  ({ requestId: id, url, secret, expires: new Date(expiresAt).toISOString() }) satisfies HeadlessLoginJson;
