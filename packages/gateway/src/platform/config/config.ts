import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { durationField } from './duration';

/** Where the built console lives when the gateway runs from the monorepo. */
const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** The npm package of the agent that install-node.sh fetches, packed beside the built CLI (scripts/pack-agent.mjs). */
const defaultAgentPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'portcullis-agent.tgz');

const listenPattern = /^[^:\s]+:\d{1,5}$/;

/**
 * Argon2id cost. The default follows OWASP's argon2id recommendation (19 MiB, 2 passes). Tests may lower it
 * only by saying so in their config; nothing lowers it implicitly.
 */
/** AWS's own endpoints for AWS console apps; tests point them at a stand-in. */
const awsDefaults = {
  awsConsoleUrl: 'https://console.aws.amazon.com/',
  awsStsUrl: 'https://sts.amazonaws.com/',
  awsFederationUrl: 'https://signin.aws.amazon.com/federation',
};

/** AWS's endpoints for AWS OIDC integrations. */
const integrationDefaults = {
  awsStsUrl: 'https://sts.amazonaws.com/',
  awsRdsUrl: 'https://rds.{region}.amazonaws.com/',
};

export const defaultPasswordHashing = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };

const passwordHashingSchema = z
  .object({
    memoryKiB: z.number().int().min(8).default(defaultPasswordHashing.memoryKiB),
    iterations: z.number().int().min(1).default(defaultPasswordHashing.iterations),
    parallelism: z.number().int().min(1).default(defaultPasswordHashing.parallelism),
  })
  .strict()
  .default(defaultPasswordHashing);

const webauthnSchema = z
  .object({
    /** A host name: the public URL's, or a parent domain of it. */
    rpId: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'rpId must be a host name such as example.com, without scheme or port')
      .optional(),
    /** The origins the console is served on, e.g. https://gateway.example.com. */
    origins: z.array(z.url()).min(1).optional(),
  })
  .strict()
  .default({});

export const configSchema = z
  .object({
    listen: z.string().regex(listenPattern, 'listen must be HOST:PORT, e.g. 127.0.0.1:3080').default('127.0.0.1:3080'),
    dataDir: z.string().min(1).default('data'),
    /** A postgres:// URL; SQLite in dataDir when absent. */
    db: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'db must be a postgres:// URL (leave it out for SQLite in the data directory)')
      .optional(),
    /** The address users reach the gateway on; invite links are built from it. */
    publicUrl: z.url().optional(),
    tls: z.object({ cert: z.string().min(1), key: z.string().min(1) }).strict().optional(),
    clusterName: z.string().min(1).default('localhost'),
    auth: z
      .object({
        sessionTtl: durationField.default(12 * 3_600_000),
        /** 0 turns the inactivity timeout off. */
        inactivityTimeout: durationField.default(0),
        secondFactor: z.enum(['off', 'otp', 'webauthn', 'on', 'optional']).default('off'),
        /** The WebAuthn relying party; both default to the public URL's host name and origin. */
        webauthn: webauthnSchema,
        /** passwordless: the login page leads with passkeys. */
        connectorName: z.enum(['local', 'passwordless']).default('local'),
        /** Recovery codes, issued when a password is set, each recovering a lost password or device once. */
        recoveryCodes: z.boolean().default(false),
        passwordHashing: passwordHashingSchema,
      })
      .strict()
      .default({
        sessionTtl: 12 * 3_600_000,
        inactivityTimeout: 0,
        secondFactor: 'off',
        webauthn: {},
        connectorName: 'local',
        recoveryCodes: false,
        passwordHashing: passwordHashingSchema.parse(undefined),
      }),
    ui: z.object({ scrollbackLines: z.number().int().min(1).default(1000) }).strict().default({ scrollbackLines: 1000 }),
    /** The app proxy: limits on what passes through it, and how often its requests are summarised in the audit log. */
    apps: z
      .object({
        /** Largest request or response head (request line or status line and headers) the proxy passes, in bytes. */
        maxHeaderBytes: z.number().int().min(1024).max(65_536).default(16_384),
        /** A request or websocket with no bytes moving either way for this long is closed. */
        idleTimeout: durationField.default(5 * 60_000),
        /** How often each app session's requests are summarised (APP_SESSION_CHUNK). */
        auditInterval: durationField.default(60_000),
        /** An app whose URI is on this host (or AWS's own console) is an AWS console app: signed in to, not proxied. */
        awsConsoleUrl: z.string().url().default(awsDefaults.awsConsoleUrl),
        /** Where AWS console apps assume their role (STS) and get a sign-in URL (the federation endpoint). */
        awsStsUrl: z.string().url().default(awsDefaults.awsStsUrl),
        awsFederationUrl: z.string().url().default(awsDefaults.awsFederationUrl),
      })
      .strict()
      .default({ maxHeaderBytes: 16_384, idleTimeout: 5 * 60_000, auditInterval: 60_000, ...awsDefaults }),
    /**
     * The Kubernetes API for kubectl: its own TLS listener, since kubectl sends credentials only over TLS. It uses
     * the gateway's certificate when `tls` is set, else one issued by a CA the gateway keeps in its data directory
     * (which `portcullis kube login` writes into the kubeconfig). `publicAddr` is HOST[:PORT] as kubectl reaches it.
     */
    kubernetes: z
      .object({
        listen: z.string().regex(listenPattern, 'kubernetes.listen must be HOST:PORT, e.g. 127.0.0.1:3026').default('127.0.0.1:3026'),
        publicAddr: z.string().min(1).optional(),
      })
      .strict()
      .default({ listen: '127.0.0.1:3026' }),
    /**
     * The database listener: PostgreSQL and Redis clients reach it directly over TLS, with a short-lived client
     * certificate from `portcullis db login`, rather than through a local `portcullis proxy db`.
     */
    databases: z
      .object({
        listen: z.string().regex(listenPattern, 'databases.listen must be HOST:PORT, e.g. 127.0.0.1:3027').default('127.0.0.1:3027'),
      })
      .strict()
      .default({ listen: '127.0.0.1:3027' }),
    /**
     * Where AWS OIDC integrations exchange the gateway's token for a role's credentials (STS) and list RDS
     * databases ({region} is filled in); AWS's own endpoints by default, a stand-in in tests.
     */
    integrations: z
      .object({
        awsStsUrl: z.string().url().default(integrationDefaults.awsStsUrl),
        awsRdsUrl: z
          .string()
          .includes('{region}', { message: 'integrations.awsRdsUrl must hold {region}, e.g. https://rds.{region}.amazonaws.com/' })
          .default(integrationDefaults.awsRdsUrl),
      })
      .strict()
      .default(integrationDefaults),
    /**
     * The assistant, off when absent: `endpoint` is the base URL of an OpenAI-compatible API (the gateway POSTs
     * `${endpoint}/chat/completions`), `model` the model it names, `apiKeyFile` a file holding the key it sends as a
     * bearer token (read once at start; none for a local model server that wants none).
     */
    assist: z
      .object({
        endpoint: z
          .url({ protocol: /^https?$/, message: 'assist.endpoint must be an http(s) URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1' })
          .transform((url) => url.replace(/\/+$/, '')),
        model: z.string().min(1).max(200),
        apiKeyFile: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
    /**
     * Several gateways on one PostgreSQL database reach each other's agents: `advertiseUrl` is where the others
     * reach this gateway (http(s)://HOST:PORT; by default its listen address, with a wildcard host taken as
     * 127.0.0.1, so set it when the gateways run on different hosts), `heartbeat` how often it says it is alive.
     */
    peers: z
      .object({
        advertiseUrl: z.url({ protocol: /^https?$/, message: 'peers.advertiseUrl must be an http(s) URL, e.g. https://10.0.0.5:3080' }).optional(),
        heartbeat: durationField.default(2_000),
      })
      .strict()
      .default({ heartbeat: 2_000 }),
    webDir: z.string().min(1).default(defaultWebDir),
    agentPackage: z.string().min(1).default(defaultAgentPackage),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .strict();

export type GatewayConfig = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** Validates a config object, naming every field at fault. */
export function parseConfig(input: unknown, source?: string): GatewayConfig {
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`invalid configuration${source ? ` in ${source}` : ''}:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/** Reads an optional YAML file, then lets command-line flags override it. */
export function loadConfig(file: string | undefined, overrides: Partial<ConfigInput>): GatewayConfig {
  const fromFile = file ? (parse(readFileSync(file, 'utf8')) ?? {}) : {};
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return parseConfig({ ...fromFile, ...defined }, file);
}

export function parseListen(listen: string): { host: string; port: number } {
  const i = listen.lastIndexOf(':');
  return { host: listen.slice(0, i), port: Number(listen.slice(i + 1)) };
}

/**
 * The URL people open. A loopback or wildcard listen address becomes "localhost", which browsers treat as a
 * secure context even over plain HTTP (WebAuthn needs one).
 */
export function publicUrl(config: GatewayConfig, port = parseListen(config.listen).port): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  const { host } = parseListen(config.listen);
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  return `${config.tls ? 'https' : 'http'}://${local ? 'localhost' : host}:${port}`;
}
