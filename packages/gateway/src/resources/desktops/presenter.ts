import type { DesktopJson, DesktopServiceJson } from '@portcullis/shared';
import type { RoleSet } from '../../management/roles/roleset';
import { labelList } from '../lists/labels';
import type { DesktopRecord } from './repo';
import type { DesktopServiceRecord } from './services';

/** A desktop as the console lists it, with the logins the caller's roles grant on it (what the connect menu offers). */
export function presentDesktop(d: DesktopRecord, roles: RoleSet) {
  return {
    os: d.os,
    name: d.name,
    addr: d.addr,
    labels: labelList(d.labels),
    host_id: d.agentId,
    logins: roles.principals('windows_desktop_logins').filter((login) => roles.canAccess('windows_desktop', d.labels, login, d.id)),
  } satisfies DesktopJson;
}

/** An agent serving desktops. */
export const presentDesktopService = (s: DesktopServiceRecord) =>
  ({ name: s.agentId, hostname: s.hostname, addr: s.addr, labels: labelList(s.labels) }) satisfies DesktopServiceJson;
