import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ApiError, apiPaths, compilePath, type DaemonProfileJson } from '@portcullis/shared';
import { z } from 'zod';
import { gatewayApi, type GatewayClient } from '../client/http';
import { profileSchema, type Profile } from '../client/profile';
import { connectHome, privateDir, readJson, writePrivateJson } from './files';

/** The command line's profile, plus what only the daemon learns: the gateway refused the session before it expired. */
const storedSchema = profileSchema.extend({ refused: z.boolean().default(false) });
export type StoredProfile = z.infer<typeof storedSchema> & { id: string };

/** A profile's id, from its gateway's host and port (`localhost-3990`): one profile per gateway, safe in a path. */
export function profileId(proxy: string): string {
  const url = new URL(proxy);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}-${port}`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
}

/** The profile's session on its gateway, as the command line's clients carry it. */
export const gatewayOf = (p: Profile): GatewayClient => gatewayApi(p.proxy, { csrf: p.csrf, secret: p.secret, token: p.token });

export const signedIn = (p: StoredProfile, now = Date.now()): boolean => !p.refused && Date.parse(p.expires) > now;

export const presentProfile = (p: StoredProfile, now = Date.now()) =>
  ({ id: p.id, proxy: p.proxy, clusterName: p.cluster, user: p.user, expires: p.expires, loggedIn: signedIn(p, now) }) satisfies DaemonProfileJson;

/** The signed-in gateways, one file each under connect/profiles/ (0600): read at start, written on every change. */
export class ProfileStore {
  private readonly dir = path.join(connectHome(), 'profiles');
  private readonly profiles = new Map<string, StoredProfile>();

  constructor() {
    const files = readdirSync(privateDir(this.dir), { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.json'));
    for (const f of files) {
      const stored = readJson(path.join(this.dir, f.name), storedSchema)!;
      this.profiles.set(profileId(stored.proxy), { ...stored, id: profileId(stored.proxy) });
    }
  }

  list(): StoredProfile[] {
    return [...this.profiles.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  get(id: string): StoredProfile | undefined {
    return this.profiles.get(id);
  }

  /** Keeps a new session, replacing the gateway's previous one (another user's too: one profile per gateway). */
  save(profile: Profile): StoredProfile {
    const stored = { ...profile, refused: false, id: profileId(profile.proxy) };
    this.write(stored);
    return stored;
  }

  /**
   * The gateway refused one of the profile's requests (a 401, or the 403 it answers a session it no longer
   * knows): asks it whether the session itself is over, since a 403 may only mean the roles do not reach
   * something. An ended session marks the profile signed out, though its expiry has not come.
   */
  async checkSession(id: string): Promise<void> {
    const stored = this.profiles.get(id);
    if (!stored || stored.refused) return;
    try {
      await gatewayOf(stored).api.get(compilePath(apiPaths.userContext, { clusterId: stored.cluster }));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) this.write({ ...stored, refused: true });
    }
  }

  remove(id: string): void {
    this.profiles.delete(id);
    rmSync(this.file(id), { force: true });
  }

  private write({ id, ...stored }: StoredProfile): void {
    writePrivateJson(this.file(id), storedSchema.parse(stored));
    this.profiles.set(id, { ...stored, id });
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }
}
