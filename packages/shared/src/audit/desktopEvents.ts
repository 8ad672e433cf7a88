import { ev } from './template';

const where = 'on desktop [{desktop_name}]';

/** Windows desktop sessions, clipboard transfers and directory sharing. */
export const desktopEvents = {
  DESKTOP_SESSION_STARTED: ev('TDP00I', 'windows.desktop.session.start', 'Windows Desktop Session Started', `User [{user}] started a session as [{windows_user}] ${where}`),
  DESKTOP_SESSION_STARTED_FAILED: ev('TDP00W', 'windows.desktop.session.start', 'Windows Desktop Session Denied', `User [{user}] was denied access as [{windows_user}] ${where}`),
  DESKTOP_SESSION_ENDED: ev('TDP01I', 'windows.desktop.session.end', 'Windows Desktop Session Ended', `Session for user [{user}] as [{windows_user}] ${where} has ended`),
  DESKTOP_CLIPBOARD_SEND: ev('TDP02I', 'desktop.clipboard.send', 'Clipboard Data Sent', `User [{user}] sent [{length}] bytes of clipboard data to desktop [{desktop_addr}]`),
  DESKTOP_CLIPBOARD_RECEIVE: ev('TDP03I', 'desktop.clipboard.receive', 'Clipboard Data Received', `User [{user}] received [{length}] bytes of clipboard data from desktop [{desktop_addr}]`),
  DESKTOP_SHARED_DIRECTORY_START: ev('TDP04I', 'desktop.directory.share', 'Directory Sharing Started', `User [{user}] started sharing directory [{directory_name}] ${where}`),
  DESKTOP_SHARED_DIRECTORY_START_FAILURE: ev('TDP04W', 'desktop.directory.share', 'Directory Sharing Start Failed', `User [{user}] failed to share directory [{directory_name}] ${where}`),
  DESKTOP_SHARED_DIRECTORY_READ: ev('TDP05I', 'desktop.directory.read', 'Directory Sharing Read', `User [{user}] read [{length}] bytes from file [{file_path}] in shared directory [{directory_name}] ${where}`),
  DESKTOP_SHARED_DIRECTORY_READ_FAILURE: ev('TDP05W', 'desktop.directory.read', 'Directory Sharing Read Failed', `User [{user}] failed to read [{length}] bytes from file [{file_path}] in shared directory [{directory_name}] ${where}`),
  DESKTOP_SHARED_DIRECTORY_WRITE: ev('TDP06I', 'desktop.directory.write', 'Directory Sharing Write', `User [{user}] wrote [{length}] bytes to file [{file_path}] in shared directory [{directory_name}] ${where}`),
  DESKTOP_SHARED_DIRECTORY_WRITE_FAILURE: ev('TDP06W', 'desktop.directory.write', 'Directory Sharing Write Failed', `User [{user}] failed to write [{length}] bytes to file [{file_path}] in shared directory [{directory_name}] ${where}`),
  WINDOWS_DESKTOP_CREATED: ev('TDP07I', 'windows.desktop.create', 'Windows Desktop Created', 'User [{user}] created Windows desktop [{name}]'),
  WINDOWS_DESKTOP_DELETED: ev('TDP08I', 'windows.desktop.delete', 'Windows Desktop Deleted', 'User [{user}] deleted Windows desktop [{name}]'),
} as const;
