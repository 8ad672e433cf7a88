import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { profileHome } from '../client/profile';

/** Where `portcullis connect` keeps its profiles, connections and workspace: beside the command line's profile. */
export const connectHome = (): string => path.join(profileHome(), 'connect');

/** Creates `dir` (and its parents) readable by its owner alone. */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdirSync leaves the mode of a directory that already existed.
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * Writes `value` as JSON readable by its owner alone. The file holds sessions or what a restart reopens, so it is
 * written beside and renamed into place: a crash mid-write leaves the previous version, never half of one.
 */
export function writePrivateJson(file: string, value: unknown): void {
  privateDir(path.dirname(file));
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already exists (one a crash left behind).
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/** The file's contents checked against `schema`; undefined when there is no file. */
export function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not JSON (${(err as Error).message}): fix or remove it`, { cause: err });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} is not what portcullis connect wrote (${parsed.error.issues[0]?.message}): fix or remove it`);
  return parsed.data;
}
