import type { Identity } from '../../platform/access/identity';
import type { DesktopRecord } from './repo';

/** Why the user may not reach the desktop at all (its labels), or undefined when some role's windows_desktop_labels match it and no deny rule does. */
export function desktopListRefusal(identity: Identity, d: Pick<DesktopRecord, 'id' | 'name' | 'labels'>): string | undefined {
  return identity.roles.canAccess('windows_desktop', d.labels, undefined, d.id)
    ? undefined
    : `your roles' windows_desktop_labels do not match desktop ${d.name}`;
}

/**
 * Why the user may not open a session on the desktop as `login`, in words they can act on, or undefined when a
 * role matching the desktop grants the login (windows_desktop_logins) and no deny names it.
 */
export function desktopRefusal(identity: Identity, d: Pick<DesktopRecord, 'id' | 'name' | 'labels'>, login: string): string | undefined {
  const unreachable = desktopListRefusal(identity, d);
  if (unreachable) return unreachable;
  if (identity.roles.canAccess('windows_desktop', d.labels, login, d.id)) return undefined;
  return `your roles do not allow the login "${login}" on desktop ${d.name} (windows_desktop_logins)`;
}

/** The fields naming a desktop in its session events. */
export const desktopAuditFields = (d: Pick<DesktopRecord, 'name' | 'addr'>, login: string): Record<string, string> => ({
  desktop_name: d.name,
  desktop_addr: d.addr,
  windows_user: login,
  windows_domain: '',
});
