import { ev, evWith } from './template';

/** Action 1 on a session network event means the connection was denied. */
export const NETWORK_ACTION_DENY = 1;

/** Server sessions, what runs inside them, and the channels a client opens beside them. */
export const sessionEvents = {
  SESSION_START: ev('T2000I', 'session.start', 'Session Started', 'User [{user}] has started a session [{sid}] as [{login}] on [{server_hostname}]'),
  SESSION_JOIN: ev('T2001I', 'session.join', 'User Joined', 'User [{user}] has joined the session [{sid}]'),
  TERMINAL_RESIZE: ev('T2002I', 'resize', 'Terminal Resize', 'User [{user}] resized the session [{sid}] terminal to [{size}]'),
  SESSION_LEAVE: ev('T2003I', 'session.leave', 'User Disconnected', 'User [{user}] has left the session [{sid}]'),
  SESSION_END: ev('T2004I', 'session.end', 'Session Ended', 'User [{user}] has ended a session [{sid}]'),
  SESSION_UPLOAD: ev('T2005I', 'session.upload', 'Session Uploaded', 'Recorded session [{sid}] has been uploaded'),
  SESSION_DATA: ev('T2006I', 'session.data', 'Session Data', 'Usage report for session [{sid}]: [{tx}] bytes sent, [{rx}] bytes received'),
  SESSION_CONNECT: ev('T2010I', 'session.connect', 'Session Connected', 'Session connected to [{server_addr}]'),
  SESSION_RECORDING_ACCESS: ev('T2012I', 'session.recording.access', 'Session Recording Accessed', 'User [{user}] accessed a session recording [{sid}]'),
  RECORDING_SEARCH: ev('TRC01I', 'recording.search', 'Session Recordings Searched', 'User [{user}] searched session recordings for [{query}]'),
  RECORDING_SHARE_CREATE: ev('TRC02I', 'recording.share.create', 'Recording Share Link Created', 'User [{user}] shared the recording [{sid}] until [{expires}]'),
  RECORDING_SHARE_REVOKE: ev('TRC03I', 'recording.share.revoke', 'Recording Share Link Revoked', 'User [{user}] revoked a share link [{share_id}] of the recording [{sid}]'),
  RECORDING_SHARE_VIEW: ev('TRC04I', 'recording.share.view', 'Shared Recording Viewed', 'Share link [{share_id}] of [{shared_by}] played the recording [{sid}] for [{addr.remote}]'),
  RECORDING_SHARE_VIEW_FAILURE: ev('TRC04W', 'recording.share.view', 'Shared Recording Refused', 'A share link was refused for [{addr.remote}]: {error}'),
  RECORDING_REVIEW_UPDATE: ev('TRC05I', 'recording.review.update', 'Recording Review Updated', 'User [{user}] set the review of the recording [{sid}] to [{status}] with reviewer [{reviewer}]'),
  RECORDING_REVIEW_COMMENT: ev('TRC06I', 'recording.review.comment', 'Recording Commented', 'User [{user}] commented on the recording [{sid}] at [{t}] ms'),
  RECORDING_EXPORT: ev('TRC07I', 'recording.export', 'Recording Exported', 'User [{user}] exported the recording [{sid}] with digest [{events_sha256}]'),
  SESSION_MODERATED_DENIED: ev('T2015W', 'session.rejected', 'Moderated Session Denied', 'User [{user}] could not start a moderated session [{sid}] [{reason}]'),
  EXEC: ev('T3002I', 'exec', 'Command Execution', 'User [{user}] executed a command on node [{server_id}]'),
  EXEC_FAILURE: ev('T3002E', 'exec', 'Command Execution Failed', 'User [{user}] command execution on node [{server_id}] failed [{exitError}]'),
  PORTFORWARD: ev('T3003I', 'port', 'Port Forwarding Started', 'User [{user}] started port forwarding to [{addr.local}]'),
  PORTFORWARD_FAILURE: ev('T3003E', 'port', 'Port Forwarding Failed', 'User [{user}] port forwarding request failed [{error}]'),
  SCP_DOWNLOAD: ev('T3004I', 'scp', 'SCP Download', 'User [{user}] downloaded a file [{path}] from node [{server_hostname}]'),
  SCP_DOWNLOAD_FAILURE: ev('T3004E', 'scp', 'SCP Download Failed', 'File download from node [{server_hostname}] failed [{exitError}]'),
  SCP_UPLOAD: ev('T3005I', 'scp', 'SCP Upload', 'User [{user}] uploaded a file [{path}] to node [{server_hostname}]'),
  SCP_UPLOAD_FAILURE: ev('T3005E', 'scp', 'SCP Upload Failed', 'File upload to node [{server_hostname}] failed [{exitError}]'),
  SCP_DISALLOWED: ev('T3010E', 'scp', 'SCP Disallowed', 'User [{user}] was denied SCP access to node [{server_hostname}]'),
  CLIENT_DISCONNECT: ev('T3006I', 'client.disconnect', 'Client Disconnected', 'User [{user}] has been disconnected: {reason}'),
  AUTH_ATTEMPT_FAILURE: ev('T3007W', 'auth', 'Auth Attempt Failed', 'User [{user}] failed auth attempt: {error}'),
  X11_FORWARD: ev('T3008I', 'x11-forward', 'X11 Forwarding Requested', 'User [{user}] has requested x11 forwarding for a session'),
  X11_FORWARD_FAILURE: ev('T3008W', 'x11-forward', 'X11 Forwarding Failed', 'User [{user}] was denied x11 forwarding for a session [{error}]'),
  SESSION_COMMAND: ev('T4000I', 'session.command', 'Session Command', 'Program [{program}] has been executed with the return code [{return_code}]'),
  SESSION_DISK: ev('T4001I', 'session.disk', 'Session File Access', 'Program [{program}] accessed a file [{path}]'),
  SESSION_NETWORK: evWith(
    'T4002I',
    'session.network',
    'Session Network Connection',
    ['program', 'dst_addr', 'dst_port', 'action'],
    (raw) => {
      const verb = raw.action === NETWORK_ACTION_DENY ? 'was prevented from opening' : 'opened';
      return `Program [${String(raw.program)}] ${verb} a connection [${String(raw.dst_addr)}:${String(raw.dst_port)}]`;
    },
  ),
  SSMRUN_SUCCESS: ev('TDS00I', 'ssm.run', 'SSM Command Executed', 'User [{user}] ran command [{command_id}] on instance [{instance_id}] with exit code [{exit_code}]'),
  SSMRUN_FAIL: ev('TDS00W', 'ssm.run', 'SSM Command Failed', 'Command [{command_id}] on instance [{instance_id}] failed with exit code [{exit_code}]'),
} as const;
