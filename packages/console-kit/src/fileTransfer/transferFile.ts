import {
  ApiError,
  apiErrorMessage,
  type ErrorBody,
  fileTransferPath,
  type MfaResponseJson,
  networkErrorMessage,
} from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface TransferTarget {
  clusterId: string;
  serverId: string;
  login: string;
}

/** A moderator's approval, named as the scp route takes it (moderatedSessionId, fileTransferRequestId). */
export interface ApprovedTransfer {
  sessionId: string;
  requestId: string;
}

export interface TransferProgress {
  loaded: number;
  /** Unknown when the server sends no length. */
  total?: number;
}

interface TransferOptions {
  /** Whose session the transfer runs in. */
  gateway: Pick<GatewayAccess, 'csrfToken' | 'bearerToken'>;
  onProgress: (progress: TransferProgress) => void;
  signal?: AbortSignal;
  /** The answer to a second-factor challenge of scope 'session', when the node and login need one (transferMfa.ts). */
  mfaResponse?: MfaResponseJson;
  /** In a moderated session: the session and the request a moderator approved for this transfer. */
  approved?: ApprovedTransfer;
  /** Tests pass a fake; the browser's XMLHttpRequest reports upload and download progress, which fetch cannot. */
  createRequest?: () => XMLHttpRequest;
}

/** Uploads `file` into `directory` on the node as the login (POST to the scp route, raw bytes as the body). */
export function uploadFile(target: TransferTarget, directory: string, file: Blob & { name: string }, options: TransferOptions) {
  const url = fileTransferPath(target.clusterId, target.serverId, target.login, directory, file.name);
  return send<void>('POST', withApproval(withMfa(url, options.mfaResponse), options.approved), file, options, 'json');
}

/** Downloads the file at `path` on the node (GET on the scp route). */
export function downloadFile(target: TransferTarget, path: string, options: TransferOptions) {
  const url = fileTransferPath(target.clusterId, target.serverId, target.login, path);
  return send<Blob>('GET', withApproval(withMfa(url, options.mfaResponse), options.approved), null, options, 'blob');
}

/** The scp route takes the second factor's answer as JSON in its `webauthn` parameter (a code travels there too). */
const withMfa = (url: string, answer: MfaResponseJson | undefined) =>
  answer ? `${url}&webauthn=${encodeURIComponent(JSON.stringify(answer))}` : url;

// fileTransferPath always has a query (location is required), so these parameters follow with '&'.
const withApproval = (url: string, approved: ApprovedTransfer | undefined) =>
  approved ? `${url}&moderatedSessionId=${encodeURIComponent(approved.sessionId)}&fileTransferRequestId=${encodeURIComponent(approved.requestId)}` : url;

function send<T>(
  method: 'GET' | 'POST',
  url: string,
  body: Blob | null,
  { gateway, onProgress, signal, createRequest = () => new XMLHttpRequest() }: TransferOptions,
  responseType: 'json' | 'blob',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = createRequest();
    xhr.open(method, url);
    setAuthHeaders(xhr, gateway);
    // The gateway streams an upload only as a raw octet stream, whatever the file's own type.
    if (body) xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.responseType = 'blob';
    const report = (e: ProgressEvent) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    (method === 'POST' ? xhr.upload : xhr).addEventListener('progress', report);
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((responseType === 'blob' ? xhr.response : undefined) as T);
        return;
      }
      // Errors come back as JSON; reading the blob as text gives the server's message, picked as for any API error.
      void (xhr.response as Blob).text().then((text) => {
        const body = parseErrorBody(text);
        reject(new ApiError(apiErrorMessage(body, text, xhr.status, url), xhr.status, url, body));
      });
    });
    xhr.addEventListener('error', () => reject(new ApiError(networkErrorMessage, 0, url)));
    xhr.addEventListener('abort', () => reject(new DOMException('The transfer was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

export function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CSRF and bearer headers every call carries. The shared API client sets them on fetch, which
 * reports no upload progress, so a transfer sets them on its XMLHttpRequest from the app's GatewayAccess.
 */
function setAuthHeaders(xhr: XMLHttpRequest, gateway: TransferOptions['gateway']) {
  xhr.setRequestHeader('X-CSRF-Token', gateway.csrfToken());
  const token = gateway.bearerToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
}
