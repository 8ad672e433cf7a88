import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * A signed-in command line: which gateway, as whom, and the web session it holds (the cookie secret, the bearer
 * token derived from it and the CSRF pair), until when. Secrets: kept in a file only its owner can read.
 */
export const profileSchema = z.object({
  proxy: z.url(),
  user: z.string().min(1),
  cluster: z.string().min(1),
  csrf: z.string().min(1),
  secret: z.string().min(1),
  token: z.string().min(1),
  expires: z.iso.datetime(),
  /** The session was approved in a browser with a second factor (headless), so sessions need no other. */
  mfaVerified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Where profiles live: $PORTCULLIS_HOME, else ~/.portcullis. */
export const profileHome = (): string => process.env.PORTCULLIS_HOME || path.join(os.homedir(), '.portcullis');
const profileFile = () => path.join(profileHome(), 'profile.json');

export function saveProfile(profile: Profile): string {
  const file = profileFile();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(profileSchema.parse(profile), null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already exists.
  chmodSync(file, 0o600);
  return file;
}

/** The stored profile, expired or not; undefined when there is none. */
export function readProfile(): Profile | undefined {
  const file = profileFile();
  if (!existsSync(file)) return undefined;
  const parsed = profileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a Portcullis profile: remove it and run portcullis login again`);
  return parsed.data;
}

/** The stored profile when its session is still valid; otherwise an error saying how to sign in. */
export function currentProfile(now = Date.now()): Profile {
  const profile = readProfile();
  if (!profile) throw new Error('not logged in: run portcullis login --proxy URL --user NAME');
  if (Date.parse(profile.expires) <= now) {
    throw new Error(`the session of ${profile.user} on ${profile.proxy} expired at ${profile.expires}: run portcullis login --proxy ${profile.proxy} --user ${profile.user}`);
  }
  return profile;
}

export function removeProfile(): void {
  rmSync(profileFile(), { force: true });
}
