import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import path from 'node:path';
import type { DaemonConnectionJson, DaemonConnectionRequest } from '@portcullis/shared';
import { z } from 'zod';
import { HttpError, badRequest, conflict, notFound } from '../../platform/access/errors';
import { protocolOf, socketUrl } from '../client/databases';
import { listenLocally } from '../client/localPort';
import { connectHome, readJson, writePrivateJson } from './files';
import { gatewayOf, signedIn, type ProfileStore, type StoredProfile } from './profiles';

const connectionSchema = z.object({
  id: z.string().min(1),
  profile: z.string().min(1),
  clusterId: z.string().min(1),
  kind: z.literal('db'),
  database: z.string().min(1),
  protocol: z.string().min(1),
  dbUser: z.string().min(1),
  dbName: z.string().min(1).optional(),
  port: z.number().int().min(0).max(65535),
  connected: z.boolean(),
  error: z.string().optional(),
}) satisfies z.ZodType<DaemonConnectionJson>;

export const connectionRequestSchema = z
  .object({
    profile: z.string().min(1),
    clusterId: z.string().min(1),
    kind: z.literal('db'),
    database: z.string().min(1),
    dbUser: z.string().min(1),
    dbName: z.string().min(1).optional(),
    port: z.number().int().min(0).max(65535).optional(),
  })
  .strict() satisfies z.ZodType<DaemonConnectionRequest>;

/**
 * Local ports for databases through the profiles' gateways (the command line's `proxy db`, kept open by the
 * daemon). Listed in connect/connections.json; `connected` there is what the person last asked for, so a restart
 * reopens those ports.
 */
export class Connections {
  private readonly file = path.join(connectHome(), 'connections.json');
  private readonly list: DaemonConnectionJson[];
  private readonly listeners = new Map<string, net.Server>();

  constructor(private readonly profiles: ProfileStore) {
    this.list = readJson(this.file, z.array(connectionSchema)) ?? [];
  }

  all(): DaemonConnectionJson[] {
    return this.list;
  }

  get(id: string): DaemonConnectionJson {
    const connection = this.list.find((c) => c.id === id);
    if (!connection) throw notFound(`no connection ${id}`);
    return connection;
  }

  /** Reopens the ports that were open when the daemon stopped; a failure is kept on the connection, not thrown. */
  async restore(): Promise<void> {
    for (const c of this.list.filter((c) => c.connected)) await this.connect(c.id).catch(() => undefined);
  }

  /** A new connection, listening: on the port asked for (refused when taken) or a free one. */
  async create(request: DaemonConnectionRequest): Promise<DaemonConnectionJson> {
    const profile = this.signedInProfile(request.profile);
    const protocol = await protocolOf({ profile, gateway: gatewayOf(profile), cluster: request.clusterId, database: request.database }).catch((err: Error) => {
      throw badRequest(err.message);
    });
    if (!protocol) {
      // The gateway's 403 says the same of a session it no longer knows: that is the more useful answer then.
      await this.profiles.checkSession(profile.id);
      this.signedInProfile(profile.id);
      throw badRequest(`your roles may not read database ${request.database}'s details, so its client cannot be chosen`);
    }
    const { port = 0, ...rest } = request;
    const id = randomUUID();
    const opened = await this.listen({ ...rest, id }, profile, port).catch((err: Error) => {
      throw conflict(err.message);
    });
    const connection: DaemonConnectionJson = { ...rest, id, protocol, port: opened, connected: true };
    this.list.push(connection);
    this.save();
    return connection;
  }

  /**
   * Opens the connection's port again: the same one when it is free, else a free one (the error says so). Fails,
   * keeping the reason on the connection, when the profile is signed out or no port can be opened.
   */
  async connect(id: string): Promise<DaemonConnectionJson> {
    const connection = this.get(id);
    this.close(id);
    delete connection.error;
    try {
      const profile = this.signedInProfile(connection.profile);
      connection.port = await this.listen(connection, profile, connection.port).catch(async (err: Error) => {
        if (!connection.port) throw err;
        const port = await this.listen(connection, profile, 0);
        connection.error = `${err.message}: listening on ${port} instead`;
        return port;
      });
      connection.connected = true;
    } catch (err) {
      connection.connected = false;
      connection.error = (err as Error).message;
    }
    this.save();
    if (!connection.connected) throw new HttpError(409, connection.error!);
    return connection;
  }

  /** Closes the port, keeping the connection listed. Clients already connected keep their sessions. */
  disconnect(id: string): DaemonConnectionJson {
    const connection = this.get(id);
    this.close(id);
    connection.connected = false;
    this.save();
    return connection;
  }

  remove(id: string): void {
    this.get(id);
    this.close(id);
    this.list.splice(
      this.list.findIndex((c) => c.id === id),
      1,
    );
    this.save();
  }

  /** A new session on the profile's gateway: open ports reopen with it (the old token is gone). */
  async profileSignedIn(profile: string): Promise<void> {
    for (const c of this.list.filter((c) => c.profile === profile && c.connected)) await this.connect(c.id).catch(() => undefined);
  }

  forgetProfile(profile: string): void {
    for (const c of this.list.filter((c) => c.profile === profile)) this.remove(c.id);
  }

  /** Closes every port, leaving connections.json as it is so the next start reopens them. */
  closeAll(): void {
    for (const id of [...this.listeners.keys()]) this.close(id);
  }

  private signedInProfile(id: string): StoredProfile {
    const profile = this.profiles.get(id);
    if (!profile) throw notFound(`no profile ${id}`);
    if (!signedIn(profile)) throw badRequest(`the session of ${profile.user} on ${profile.proxy} is over: sign in again`);
    return profile;
  }

  /** Listens for the connection on `port` (0: a free one); answers the port. */
  private async listen(c: Pick<DaemonConnectionJson, 'id' | 'clusterId' | 'database' | 'dbUser' | 'dbName'>, profile: StoredProfile, port: number): Promise<number> {
    const target = { profile, gateway: gatewayOf(profile), cluster: c.clusterId, database: c.database };
    const url = socketUrl(target, { user: c.dbUser, ...(c.dbName !== undefined && { name: c.dbName }) });
    const server = await listenLocally(port, url, target.gateway, c.database);
    this.listeners.set(c.id, server);
    return (server.address() as net.AddressInfo).port;
  }

  private close(id: string): void {
    this.listeners.get(id)?.close();
    this.listeners.delete(id);
  }

  private save(): void {
    writePrivateJson(this.file, this.list);
  }
}
