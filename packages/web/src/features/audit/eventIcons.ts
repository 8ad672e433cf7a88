import { type IconProps, Icons } from '@portcullis/design';
import type { AuditEvent } from '@portcullis/shared';

type Glyph = IconProps['icon'];

/**
 * Event types (the `event` field) by the start they share, most specific first: the first match picks the
 * icon, so a login is a sign-in before it is a user event.
 */
const iconsByType: [prefix: string, icon: Glyph][] = [
  ['user.login', Icons.SignIn],
  ['auth_preference', Icons.Settings],
  ['auth', Icons.SignIn],
  ['saml.idp.auth', Icons.SignIn],
  ['user.create', Icons.AddUser],
  ['user.', Icons.User],
  ['mfa', Icons.SecondFactor],
  ['device.', Icons.Device],
  ['recovery_', Icons.Key],
  ['reset_password_token', Icons.Key],
  ['privilege_token', Icons.Key],
  ['session.recording', Icons.Recording],
  ['recording.', Icons.Recording],
  ['session.', Icons.Terminal],
  ['exec', Icons.Terminal],
  ['resize', Icons.Terminal],
  ['x11-forward', Icons.Terminal],
  ['client.disconnect', Icons.Terminal],
  ['ssm.run', Icons.Terminal],
  ['scp', Icons.FileTransfer],
  ['sftp', Icons.FileTransfer],
  ['desktop.directory', Icons.FileTransfer],
  ['port', Icons.PortForward],
  ['db.', Icons.Database],
  ['windows.desktop', Icons.Desktop],
  ['desktop.', Icons.Desktop],
  ['app.', Icons.Application],
  ['kube.', Icons.Kubernetes],
  ['role.', Icons.ShieldCheck],
  ['github.', Icons.Key],
  ['oidc.', Icons.Key],
  ['saml.', Icons.Key],
  ['lock.', Icons.Lock],
  ['access_', Icons.AccessRequest],
  ['trusted_cluster', Icons.Trust],
  ['join_token', Icons.Enroll],
  ['instance.join', Icons.Enroll],
  ['bot.', Icons.Bot],
  ['cert.', Icons.Certificate],
  ['integration.', Icons.Integration],
  ['plugin.', Icons.Integration],
  ['okta.', Icons.Integration],
  ['assist.', Icons.Assist],
];

/** The icon of an event's type in the audit log; configuration changes and the rest share the settings icon. */
export function eventIcon(event: Pick<AuditEvent, 'raw'>): Glyph {
  const type = event.raw.event;
  return iconsByType.find(([prefix]) => type.startsWith(prefix))?.[1] ?? Icons.Settings;
}

/** A failure or warning (codes ending in W or E) is drawn in the danger colour, so it stands out in the list. */
export const isFailureEvent = (event: Pick<AuditEvent, 'code'>) => /[WE]$/.test(event.code);
