import { ev } from './template';

// Every SFTP operation has a success and a failure code with the same number (TSnnnI / TSnnnE).
const done = <C extends string>(code: C, desc: string, action: string) =>
  ev(code, 'sftp', desc, `User [{user}] ${action} [{path}] on node [{server_id}]`);
const failed = <C extends string>(code: C, desc: string, action: string) =>
  ev(code, 'sftp', `${desc} Failed`, `User [{user}] failed to ${action} [{path}] on node [{server_id}]: {error}`);

/** File transfer over SFTP, one pair of codes per protocol operation. */
export const sftpEvents = {
  SFTP_OPEN: done('TS001I', 'SFTP Open', 'opened file'),
  SFTP_OPEN_FAILURE: failed('TS001E', 'SFTP Open', 'open file'),
  SFTP_CLOSE: done('TS002I', 'SFTP Close', 'closed file'),
  SFTP_CLOSE_FAILURE: failed('TS002E', 'SFTP Close', 'close file'),
  SFTP_READ: done('TS003I', 'SFTP Read', 'read from file'),
  SFTP_READ_FAILURE: failed('TS003E', 'SFTP Read', 'read from file'),
  SFTP_WRITE: done('TS004I', 'SFTP Write', 'wrote to file'),
  SFTP_WRITE_FAILURE: failed('TS004E', 'SFTP Write', 'write to file'),
  SFTP_LSTAT: done('TS005I', 'SFTP Lstat', 'queried attributes of'),
  SFTP_LSTAT_FAILURE: failed('TS005E', 'SFTP Lstat', 'query attributes of'),
  SFTP_FSTAT: done('TS006I', 'SFTP Fstat', 'queried attributes of open file'),
  SFTP_FSTAT_FAILURE: failed('TS006E', 'SFTP Fstat', 'query attributes of open file'),
  SFTP_SETSTAT: done('TS007I', 'SFTP Setstat', 'changed attributes of'),
  SFTP_SETSTAT_FAILURE: failed('TS007E', 'SFTP Setstat', 'change attributes of'),
  SFTP_FSETSTAT: done('TS008I', 'SFTP Fsetstat', 'changed attributes of open file'),
  SFTP_FSETSTAT_FAILURE: failed('TS008E', 'SFTP Fsetstat', 'change attributes of open file'),
  SFTP_OPENDIR: done('TS009I', 'SFTP Opendir', 'opened directory'),
  SFTP_OPENDIR_FAILURE: failed('TS009E', 'SFTP Opendir', 'open directory'),
  SFTP_READDIR: done('TS010I', 'SFTP Readdir', 'read directory'),
  SFTP_READDIR_FAILURE: failed('TS010E', 'SFTP Readdir', 'read directory'),
  SFTP_REMOVE: done('TS011I', 'SFTP Remove', 'removed file'),
  SFTP_REMOVE_FAILURE: failed('TS011E', 'SFTP Remove', 'remove file'),
  SFTP_MKDIR: done('TS012I', 'SFTP Mkdir', 'created directory'),
  SFTP_MKDIR_FAILURE: failed('TS012E', 'SFTP Mkdir', 'create directory'),
  SFTP_RMDIR: done('TS013I', 'SFTP Rmdir', 'removed directory'),
  SFTP_RMDIR_FAILURE: failed('TS013E', 'SFTP Rmdir', 'remove directory'),
  SFTP_REALPATH: done('TS014I', 'SFTP Realpath', 'resolved the real path of'),
  SFTP_REALPATH_FAILURE: failed('TS014E', 'SFTP Realpath', 'resolve the real path of'),
  SFTP_STAT: done('TS015I', 'SFTP Stat', 'queried attributes of'),
  SFTP_STAT_FAILURE: failed('TS015E', 'SFTP Stat', 'query attributes of'),
  SFTP_RENAME: done('TS016I', 'SFTP Rename', 'renamed'),
  SFTP_RENAME_FAILURE: failed('TS016E', 'SFTP Rename', 'rename'),
  SFTP_READLINK: done('TS017I', 'SFTP Readlink', 'read symbolic link'),
  SFTP_READLINK_FAILURE: failed('TS017E', 'SFTP Readlink', 'read symbolic link'),
  SFTP_SYMLINK: done('TS018I', 'SFTP Symlink', 'created symbolic link'),
  SFTP_SYMLINK_FAILURE: failed('TS018E', 'SFTP Symlink', 'create symbolic link'),
  SFTP_LINK: done('TS019I', 'SFTP Link', 'created hard link'),
  SFTP_LINK_FAILURE: failed('TS019E', 'SFTP Link', 'create hard link'),
  SFTP_DISALLOWED: ev('TS020E', 'sftp', 'SFTP Disallowed', 'User [{user}] was denied SFTP access to node [{server_id}]'),
} as const;
