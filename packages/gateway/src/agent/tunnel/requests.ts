import { z } from 'zod';

/** What the gateway may ask an agent to run on a new stream, and the connection messages both send. */

const size = z.object({ w: z.number().int().min(1).max(1000), h: z.number().int().min(1).max(1000) });
const login = z.string().min(1).max(64);

/** What the gateway may ask of a node the agent serves. */
export const nodeRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('shell'), login, term: size, sessionId: z.string() }),
  z.object({ op: z.literal('exec'), login, command: z.string().min(1) }),
  z.object({ op: z.literal('upload'), login, path: z.string().min(1) }),
  z.object({ op: z.literal('download'), login, path: z.string().min(1) }),
]);
export type NodeRequest = z.infer<typeof nodeRequest>;

/**
 * A new stream's request: which resource the agent serves (its kind and id) and what for. The request itself is
 * the kind's own business: the agent's service for that kind validates it.
 */
export const streamRequest = z.object({ kind: z.string().min(1), id: z.string().min(1), request: z.record(z.string(), z.unknown()) });
export type StreamRequest = { kind: string; id: string; request: NodeRequest };

/**
 * What the gateway may ask of an app the agent serves: a TCP connection to it, whose bytes then travel raw
 * on the stream (the gateway speaks HTTP, and TLS to https:// apps, over them itself).
 */
export const appRequest = z.discriminatedUnion('op', [z.object({ op: z.literal('dial') })]);
export type AppRequest = z.infer<typeof appRequest>;

/**
 * Agent → gateway on an app or database stream once its connection is up (a database's: logged in); a failed
 * dial sends an `error` control and a reset instead.
 */
export const streamDialed = z.object({ type: z.literal('dialed') });

/**
 * Agent → gateway before the reset when the resource itself refused (a database turned the login down): its
 * reason, fit for the user, unlike an `error`, which may name hosts behind the agent.
 */
export const streamRefused = z.object({ type: z.literal('refused'), message: z.string() });

/** Per-stream control messages. */
export const streamControl = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resize'), ...size.shape }),
  z.object({ type: z.literal('exit'), code: z.number().int().nullable(), signal: z.string().nullable().optional() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StreamControl = z.infer<typeof streamControl>;

const labels = z.record(z.string(), z.string());

/**
 * What an application needs beside its name: where the agent reaches it (http://, https:// or tcp://), the
 * public address it is served under when not the default NAME.<gateway's host>, and a description. The app
 * kind's announcements validate it; older agents never send it.
 */
export const announcedApp = z.object({
  uri: z.string().min(1).max(2048),
  publicAddr: z.string().min(1).max(253).optional(),
  description: z.string().max(1024).optional(),
});
export type AnnouncedApp = z.infer<typeof announcedApp>;

/** A database an agent serves: where it reaches it (the URI without its password, which stays with the agent). */
export const announcedDatabase = z.object({
  uri: z.string().min(1).max(2048),
  description: z.string().max(1024).optional(),
});

/**
 * An agent's database service: it also serves the databases enrolled from the console whose labels these
 * matchers select (label name → accepted values, '*' for any).
 */
export const announcedDatabaseService = z.object({ matchers: z.record(z.string().min(1).max(63), z.array(z.string().min(1).max(255)).min(1)) });

/**
 * What the gateway may ask of a database an agent serves: connect and log in as `user` to `database`, with the
 * protocol's extras the gateway read from the client's opening. For an enrolled database, served by the
 * agent's database service, the request names its `uri` too (the agent holds no flag of its own for it).
 */
export const databaseRequest = z.object({
  op: z.literal('connect'),
  user: z.string().min(1).max(255),
  database: z.string().max(255),
  upstream: z.record(z.string(), z.unknown()),
  uri: z.string().min(1).max(2048).optional(),
});
export type DatabaseRequest = z.infer<typeof databaseRequest>;

/** A desktop an agent serves: where it reaches it (vnc:// or rdp://, without the password the agent keeps) and its OS. */
export const announcedDesktop = z.object({ uri: z.string().min(1).max(2048), os: z.enum(['linux', 'windows']) });

/**
 * What the gateway may ask of a desktop an agent serves: an RFB connection past its opening, as `login` (an RDP
 * desktop's Windows user), at the browser's size (an RDP session is drawn at it). `shared` is RFB's ClientInit
 * flag: false asks the VNC server to drop its other clients.
 */
export const desktopRequest = z.object({
  op: z.literal('connect'),
  login: z.string().min(1).max(255),
  width: z.number().int().min(1).max(8192),
  height: z.number().int().min(1).max(8192),
  shared: z.boolean(),
});
export type DesktopRequest = z.infer<typeof desktopRequest>;

/**
 * What the gateway may ask of a Kubernetes cluster an agent serves: a connection to its API, over which the
 * gateway speaks HTTP (one request or upgrade per stream), already authorised and naming whom to impersonate.
 */
export const kubeRequest = z.object({ op: z.literal('dial') });

/** A resource an agent serves, as it announces it: its kind, its name there, and labels that roles select it by. */
export const announcedResource = z.object({
  kind: z.string().min(1).max(63),
  name: z.string().min(1).max(253),
  addr: z.string(),
  labels,
  app: announcedApp.optional(),
  db: announcedDatabase.optional(),
  dbService: announcedDatabaseService.optional(),
  desktop: announcedDesktop.optional(),
});
export type AnnouncedResource = z.infer<typeof announcedResource>;

/** The agent's own identity, issued once in return for its join token; the resources it serves have ids of their own. */
const agentIdentity = z.object({ agentId: z.string(), secret: z.string() });

/** Agent → gateway, first message: who it is and what it serves. Exactly one of joinToken or identity. */
export const helloMessage = z.object({
  type: z.literal('hello'),
  version: z.literal(2),
  joinToken: z.string().optional(),
  identity: agentIdentity.optional(),
  hostname: z.string().min(1).max(253),
  resources: z.array(announcedResource).min(1, 'an agent serves at least one resource').max(100),
  /** Labels computed by commands on the agent's host, applied to every resource it serves. */
  commandLabels: labels,
});
export type HelloMessage = z.infer<typeof helloMessage>;

/** Gateway → agent: accepted, with the id of each resource it serves. `identity` comes once, after a join token. */
export const welcomeMessage = z.object({
  type: z.literal('welcome'),
  agentId: z.string(),
  heartbeatMs: z.number().int().positive(),
  identity: agentIdentity.optional(),
  resources: z.array(z.object({ kind: z.string(), name: z.string(), id: z.string() })),
});
export type WelcomeMessage = z.infer<typeof welcomeMessage>;

/** Agent → gateway, every heartbeatMs: still here, with command labels as last computed. */
export const heartbeatMessage = z.object({ type: z.literal('heartbeat'), commandLabels: labels });

/** Gateway → agent when it refuses the hello; the socket closes right after. */
export const rejectCloseCode = 4401;
