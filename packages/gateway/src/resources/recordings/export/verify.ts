import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { RecordingExportManifest } from '@portcullis/shared';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { describeIssues } from '../../../platform/access/issues';
import { jwtAlgorithm } from '../../../platform/issuer/keys';
import { digest, exportHeaderSchema, headerLine, manifestJson } from './asciicast';

/** A header is a few kilobytes; a file without a newline long before this is not an export. */
const maxHeaderBytes = 1024 * 1024;

/**
 * Checks an exported recording: its header line is byte for byte the one the gateway writes, the manifest in it is
 * the one the gateway signed with a key of `jwks`, and the events after it hash to the manifest's digest. Answers
 * the manifest, or throws naming the first check that failed.
 */
export async function verifyExport(file: string, jwks: JSONWebKeySet): Promise<RecordingExportManifest> {
  const { line, eventsStart } = await readHeaderLine(file);
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error('the header line is not JSON');
  }
  const parsed = exportHeaderSchema.safeParse(json);
  if (!parsed.success) throw new Error(`the header is not a Portcullis export's: ${describeIssues('header', parsed.error)}`);
  const header = parsed.data;
  if (headerLine(header) !== line) throw new Error('the header line is not exactly as the gateway wrote it');
  const { manifest, signature } = header.portcullis;
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(signature, createLocalJWKSet(jwks), { algorithms: [jwtAlgorithm] }));
  } catch (err) {
    throw new Error(`the signature does not verify with the gateway's keys: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (Buffer.from(payload).toString('utf8') !== manifestJson(manifest)) throw new Error('the manifest is not the one the gateway signed');
  const { width, height, timestamp, title } = header;
  if (JSON.stringify({ width, height, timestamp, title }) !== JSON.stringify(manifest.header)) throw new Error("the header's size, start time or title differ from the signed manifest's");
  const events = await digest(createReadStream(file, { start: eventsStart }));
  if (events.sha256 !== manifest.eventsSha256) throw new Error(`the events were changed: their SHA-256 is ${events.sha256}, the signed manifest says ${manifest.eventsSha256}`);
  return manifest;
}

async function readHeaderLine(file: string): Promise<{ line: string; eventsStart: number }> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    for (let position = 0; position < maxHeaderBytes; ) {
      const chunk = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const newline = chunk.subarray(0, bytesRead).indexOf(0x0a);
      if (newline >= 0) {
        chunks.push(chunk.subarray(0, newline));
        return { line: Buffer.concat(chunks).toString('utf8'), eventsStart: position + newline + 1 };
      }
      chunks.push(chunk.subarray(0, bytesRead));
      position += bytesRead;
    }
    throw new Error('the file has no header line: it is not an asciicast export');
  } finally {
    await handle.close();
  }
}
