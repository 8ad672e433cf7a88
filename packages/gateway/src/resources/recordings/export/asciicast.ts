import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { recordingExportVersion, type RecordingExportHeader, type RecordingExportManifest } from '@portcullis/shared';
import { z } from 'zod';
import { files } from '../format';
import type { RecordingReader } from '../reader';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z
  .object({
    version: z.literal(recordingExportVersion),
    sid: z.string(),
    clusterName: z.string(),
    exportedBy: z.string(),
    exportedAt: z.string(),
    recording: z.array(z.object({ file: z.string(), sha256, bytes: z.number().int() }).strict()),
    eventsSha256: sha256,
    header: z.object({ width: z.number().int(), height: z.number().int(), timestamp: z.number().int(), title: z.string() }).strict(),
  })
  .strict();

/**
 * The export's header, its keys in the order shared's RecordingExportHeader declares them: parsing yields them in
 * this order, so both the exporter and a verifier serialise a header the one way.
 */
export const exportHeaderSchema = z
  .object({
    version: z.literal(2),
    width: z.number().int(),
    height: z.number().int(),
    timestamp: z.number().int(),
    title: z.string(),
    portcullis: z
      .object({
        manifest: manifestSchema,
        signature: z.string(),
      })
      .strict(),
  })
  .strict();

/** The manifest as the gateway signs it (the JWS payload). */
export const manifestJson = (manifest: RecordingExportManifest): string => JSON.stringify(manifestSchema.parse(manifest));

/** The header line, without its newline, exactly as a verifier requires it back. */
export const headerLine = (header: RecordingExportHeader): string => JSON.stringify(exportHeaderSchema.parse(header));

const eventLine = (t: number, code: 'o' | 'r', data: string) => `[${(t / 1000).toFixed(6)}, "${code}", ${JSON.stringify(data)}]\n`;

/** Events read per page: a page's output is read at once, so this bounds what is held in memory. */
const pageEvents = 1000;
const pageBytes = 1024 * 1024;

/**
 * The recording's event lines, each ending in "\n": output as UTF-8 text, resizes as "COLSxROWS". A character split
 * across two output records is written whole with the second; bytes that are not UTF-8 become U+FFFD (an unfinished
 * character at the very end too, at the time of the last output).
 */
export async function* eventLines(r: RecordingReader): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let lastT = 0;
  for (let start: number | null = 0; start !== null; ) {
    const page = await r.events(start, pageEvents, pageBytes);
    const outputs = page.events.filter((e) => e.kind === 'output');
    // Output records follow one another in output.bin, so one read covers the page's.
    const base = outputs[0]?.offset ?? 0;
    const last = outputs.at(-1);
    const bytes = last ? await r.read(base, last.offset + last.length - base) : Buffer.alloc(0);
    for (const e of page.events) {
      if (e.kind === 'output') {
        lastT = e.t;
        const text = decoder.write(bytes.subarray(e.offset - base, e.offset - base + e.length));
        if (text) yield eventLine(e.t, 'o', text);
      } else if (e.kind === 'resize') {
        yield eventLine(e.t, 'r', `${e.cols}x${e.rows}`);
      }
    }
    start = page.next;
  }
  const rest = decoder.end();
  if (rest) yield eventLine(lastT, 'o', rest);
}

/** The SHA-256 (hex) of everything `source` yields, and how many bytes that was. */
export async function digest(source: AsyncIterable<string | Buffer>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of source) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    hash.update(data);
    bytes += data.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The recording's files in `dir` with their digests, for the manifest. */
export const recordingDigests = (dir: string) => Promise.all(Object.values(files).map(async (file) => ({ file, ...(await digest(createReadStream(path.join(dir, file)))) })));
