import { z } from 'zod';

/** What the gateway may ask an agent to run on a new stream, and the connection messages both send. */

const size = z.object({ w: z.number().int().min(1).max(1000), h: z.number().int().min(1).max(1000) });
const login = z.string().min(1).max(64);

export const streamRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shell'), login, term: size, sessionId: z.string() }),
  z.object({ kind: z.literal('exec'), login, command: z.string().min(1) }),
  z.object({ kind: z.literal('upload'), login, path: z.string().min(1) }),
  z.object({ kind: z.literal('download'), login, path: z.string().min(1) }),
]);
export type StreamRequest = z.infer<typeof streamRequest>;

/** Per-stream control messages. */
export const streamControl = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resize'), ...size.shape }),
  z.object({ type: z.literal('exit'), code: z.number().int().nullable(), signal: z.string().nullable().optional() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StreamControl = z.infer<typeof streamControl>;

const labels = z.record(z.string(), z.string());

/** Agent → gateway, first message: who it is. Exactly one of joinToken or identity. */
export const helloMessage = z.object({
  type: z.literal('hello'),
  version: z.literal(1),
  joinToken: z.string().optional(),
  identity: z.object({ nodeId: z.string(), secret: z.string() }).optional(),
  hostname: z.string().min(1).max(253),
  addr: z.string(),
  labels,
  commandLabels: labels,
});
export type HelloMessage = z.infer<typeof helloMessage>;

/** Gateway → agent: accepted. `identity` comes once, after a join token; the agent keeps it. */
export const welcomeMessage = z.object({
  type: z.literal('welcome'),
  nodeId: z.string(),
  heartbeatMs: z.number().int().positive(),
  identity: z.object({ nodeId: z.string(), secret: z.string() }).optional(),
});

/** Agent → gateway, every heartbeatMs: still here, with command labels as last computed. */
export const heartbeatMessage = z.object({ type: z.literal('heartbeat'), commandLabels: labels });

/** Gateway → agent when it refuses the hello; the socket closes right after. */
export const rejectCloseCode = 4401;
