import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { FILE_SUFFIX } from './format';
import { DesktopRecordingReader } from './reader';
import type { DesktopRecorder, DesktopRecordingMeta, DesktopRecordings } from './recorder';
import {
  DesktopRecordingWriter,
  defaultWriterOptions,
  type DesktopWriterOptions,
  type RecordingFile,
} from './writer';

// Desktop session ids are UUIDs the gateway makes; nothing else may reach the file system as a name.
const sidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DesktopRecordingStoreOptions extends DesktopWriterOptions {
  /** Makes a recording's file at `file` with `header` durably in place, open for appending. */
  create: (file: string, header: Buffer) => Promise<RecordingFile>;
}

/** The file appears under its name only once its header is on disk, so every recording found has its meta. */
async function createRecordingFile(file: string, header: Buffer): Promise<RecordingFile> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const handle = await open(partial, 'wx');
  try {
    await handle.write(header);
    await handle.datasync();
    await rename(partial, file);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** Desktop recordings, one file per session in <dataDir>/recordings/desktop/ beside the SSH recordings' directories. */
export class DesktopRecordingStore implements DesktopRecordings {
  readonly root: string;
  private readonly options: DesktopRecordingStoreOptions;

  constructor(dataDir: string, options: Partial<DesktopRecordingStoreOptions> = {}) {
    this.root = path.join(dataDir, 'recordings', 'desktop');
    this.options = { ...defaultWriterOptions, create: createRecordingFile, ...options };
  }

  /** Starts recording session `meta.sid`; a session id that is not a UUID fails the recording, reported by close(). */
  start(meta: DesktopRecordingMeta): DesktopRecorder {
    return new DesktopRecordingWriter(
      meta,
      async (header) => this.options.create(this.fileOf(meta.sid), header),
      this.options,
    );
  }

  /** The recording of session `sid`, or undefined when there is none (or `sid` cannot name one). */
  open(sid: string): Promise<DesktopRecordingReader | undefined> {
    return sidPattern.test(sid) ? DesktopRecordingReader.open(this.fileOf(sid)) : Promise.resolve(undefined);
  }

  private fileOf(sid: string): string {
    if (!sidPattern.test(sid))
      throw new Error(`invalid desktop session id ${JSON.stringify(sid)}: expected a UUID`);
    return path.join(this.root, `${sid}${FILE_SUFFIX}`);
  }
}
