import { currentProfile } from './profile';

/** kubectl's exec credential API: the version kubectl 1.22+ speaks. */
export const execCredentialVersion = 'client.authentication.k8s.io/v1';

/** `portcullis kube credentials NAME`: the signed-in session's secret, as the ExecCredential kubectl reads. */
export function printCredential(out: (line: string) => void): void {
  const profile = currentProfile();
  out(JSON.stringify({ apiVersion: execCredentialVersion, kind: 'ExecCredential', status: { token: profile.secret, expirationTimestamp: profile.expires } }));
}
