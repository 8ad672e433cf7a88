import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import { recordEvent } from '../../management/audit/record';
import { HttpError, notFound, forbidden } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { jsonQueryParam } from '../../platform/access/jsonQueryParam';
import { isRefusal } from '../core/admit';
import { sessionMfaAnswer } from '../core/sessionMfa';
import { ResourceUnreachableError, type Transfer } from '../core/connectors';
import type { SessionCore } from '../core/sessionCore';
import type { Gateway } from '../../platform/server/context';
import { moderatedTransferRefusal } from './moderated';
import { downloadName, remotePath } from './paths';

const transferParams = z.object({
  clusterId: z.string().min(1),
  serverId: z.string().min(1).max(128),
  login: z.string().min(1).max(64),
});
const transferQuery = z.object({
  location: z.string().min(1, 'location (the file path on the node) is required').max(4096),
  filename: z
    .string()
    .max(255)
    .regex(/^[^/\0]+$/, 'filename may not contain "/"')
    .optional(),
  moderatedSessionId: z.string().optional(),
  fileTransferRequestId: z.string().optional(),
  /** The answer to a 'session' second-factor challenge, when the roles require one per session. */
  webauthn: jsonQueryParam(sessionMfaAnswer).optional(),
});
type TransferQuery = z.infer<typeof transferQuery>;
const uploadBody = z.custom<Readable>((v) => v instanceof Readable, 'send the file as the raw request body with Content-Type: application/octet-stream');

/** A node's refusal ("Permission denied", "No such file") as the matching HTTP status, never a 500. */
function transferError(error: string): HttpError {
  if (/permission denied/i.test(error)) return new HttpError(403, error);
  if (/no such file|not a directory|is a directory/i.test(error)) return new HttpError(404, error);
  return new HttpError(502, `the node could not complete the transfer: ${error}`);
}

/** Counts bytes passing through, for the audit event. */
function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      t.bytes += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/**
 * File transfer through /sites/{id}/nodes/{serverId}/{login}/scp: GET downloads `location`, POST uploads the
 * raw request body to it. Both stream end to end (nothing is held whole in memory), run as the login on the
 * node after the same access checks as a shell (the second factor comes as the `webauthn` parameter), and
 * are audited.
 */
export function transferRoutes(gw: Gateway, app: FastifyInstance, core: SessionCore) {
  // Uploads arrive as the raw body; the handler streams it instead of letting the server buffer it.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  async function prepare(identity: Identity, params: z.infer<typeof transferParams>, query: TransferQuery, remoteAddr: string, download: boolean) {
    const admission = await core.admit({ kind: 'node', id: params.serverId, identity, login: params.login, remoteAddr, refusedEvent: 'SCP_DISALLOWED' });
    if (isRefusal(admission)) throw admission.refused === 'missing' ? notFound(admission.message) : forbidden(admission.message);
    const noSecondFactor = await core.checkSecondFactor(admission, query.webauthn, 'SCP_DISALLOWED');
    if (noSecondFactor) {
      const how = query.webauthn ? '' : `: answer a challenge of scope "session" (POST ${apiPaths.mfaAuthenticateChallenge}) and send the answer as the webauthn query parameter`;
      throw forbidden(`${noSecondFactor.message}${how}`);
    }
    const unapproved = await moderatedTransferRefusal(gw.store, core, admission, query, { download, location: query.location, ...(query.filename ? { filename: query.filename } : {}) });
    if (unapproved) throw forbidden(unapproved.message);
    const { resource } = admission;
    const caller = { user: identity.user.name, keyId: `${identity.user.name}@${gw.config.clusterName}` };
    let files;
    try {
      files = core.connectors.for(resource).files;
      if (!files) throw new ResourceUnreachableError(`${resource.kind} ${resource.name} has no files to transfer`);
    } catch (err) {
      if (err instanceof ResourceUnreachableError) throw new HttpError(502, err.message);
      throw err;
    }
    const transfers = files;
    return {
      node: resource,
      download: (path: string): Transfer<Readable> => transfers.download(resource, params.login, path, caller),
      upload: (path: string): Transfer<Writable> => transfers.upload(resource, params.login, path, caller),
    };
  }

  gw.route('GET', apiPaths.scp, {
    access: { signedIn: 'who may read files on which node and login is decided per node, by the roles' },
    params: transferParams,
    query: transferQuery,
    handler: async ({ identity, params, query, req, reply }) => {
      const { node, download } = await prepare(identity!, params, query, req.ip, true);
      const path = remotePath(query.location);
      const event = { user: identity!.user.name, login: params.login, path, server_id: node.id, server_hostname: node.name, 'addr.remote': req.ip };
      const transfer = download(path);
      // Wait for the first byte (or the end) so a missing or unreadable file answers with its real status.
      await new Promise((resolve) => transfer.data.once('readable', resolve));
      if (transfer.data.readableLength === 0) {
        const result = await transfer.done;
        if (!result.ok) {
          await recordEvent(gw.store, 'SCP_DOWNLOAD_FAILURE', { ...event, exitError: result.error });
          throw transferError(result.error);
        }
      }
      const count = counter();
      void transfer.done.then((result) =>
        recordEvent(gw.store, result.ok ? 'SCP_DOWNLOAD' : 'SCP_DOWNLOAD_FAILURE', { ...event, size: count.bytes, ...(result.ok ? {} : { exitError: result.error }) }),
      );
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName(query.location, query.filename))}`);
      return reply.send(transfer.data.pipe(count));
    },
  });

  gw.route('POST', apiPaths.scp, {
    access: { signedIn: 'who may write files on which node and login is decided per node, by the roles' },
    params: transferParams,
    query: transferQuery,
    body: uploadBody,
    handler: async ({ identity, params, query, body, req }) => {
      const { node, upload } = await prepare(identity!, params, query, req.ip, false);
      const path = remotePath(query.location, query.filename);
      const event = { user: identity!.user.name, login: params.login, path, server_id: node.id, server_hostname: node.name, 'addr.remote': req.ip };
      const transfer = upload(path);
      const count = counter();
      const sent = pipeline(body, count, transfer.data).catch((err: Error) => err);
      const [result, piped] = await Promise.all([transfer.done, sent]);
      const error = !result.ok ? result.error : piped instanceof Error ? piped.message : undefined;
      if (error) {
        await recordEvent(gw.store, 'SCP_UPLOAD_FAILURE', { ...event, exitError: error });
        throw transferError(error);
      }
      await recordEvent(gw.store, 'SCP_UPLOAD', { ...event, size: count.bytes });
      return { message: 'ok', path, size: count.bytes };
    },
  });
}
