import type { LockSubject } from '../../../management/locks/lock';
import { identitySubject, sessionSubject } from '../../../management/locks/subject';
import type { Identity } from '../../../platform/access/identity';
import type { DesktopRecord } from '../repo';

/** A desktop session as locks see it: its user and roles, the login it runs as, and the desktop (a windows_desktop lock names it). */
export const desktopSubject = (identity: Identity, login: string, desktop: Pick<DesktopRecord, 'id' | 'name'>): LockSubject => ({
  ...sessionSubject(identitySubject(identity), login, { kind: 'windows_desktop', id: desktop.id, name: desktop.name }),
  windows_desktop: desktop.name,
});
