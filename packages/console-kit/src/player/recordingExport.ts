import { ApiError, apiErrorMessage, apiPaths, compilePath, networkErrorMessage } from '@portcullis/shared';
import { saveWithBrowser } from '../fileTransfer/FileTransferBar';
import { parseErrorBody } from '../fileTransfer/transferFile';
import type { GatewayAccess } from '../gateway';

/**
 * Downloads a session's recording as asciicast v2 with the gateway's signed manifest, saved as `{sid}.cast`.
 * The gateway finds the session from the bearer header, not the cookie alone, so a plain link cannot fetch it.
 */
export async function downloadRecordingExport(
  target: { clusterId: string; sid: string },
  gateway: Pick<GatewayAccess, 'bearerToken'>,
  save: (blob: Blob, name: string) => void = saveWithBrowser,
): Promise<void> {
  const url = compilePath(apiPaths.recordingExport, target);
  const token = gateway.bearerToken();
  let res: Response;
  try {
    res = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(networkErrorMessage, 0, url);
  }
  if (!res.ok) {
    const text = await res.text();
    const body = parseErrorBody(text);
    throw new ApiError(apiErrorMessage(body, text, res.status, url), res.status, url, body);
  }
  save(await res.blob(), `${target.sid}.cast`);
}
