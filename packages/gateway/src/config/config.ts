import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';

/** Where the built console lives when the gateway runs from the monorepo. */
const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const listenPattern = /^[^:\s]+:\d{1,5}$/;

export const configSchema = z.object({
  listen: z.string().regex(listenPattern, 'listen must be HOST:PORT, e.g. 127.0.0.1:3080').default('127.0.0.1:3080'),
  dataDir: z.string().min(1).default('data'),
  webDir: z.string().min(1).default(defaultWebDir),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** Reads an optional YAML file, then lets command-line flags override it. */
export function loadConfig(file: string | undefined, overrides: Partial<GatewayConfig>): GatewayConfig {
  const fromFile = file ? (parse(readFileSync(file, 'utf8')) ?? {}) : {};
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const result = configSchema.safeParse({ ...fromFile, ...defined });
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`invalid configuration${file ? ` in ${file}` : ''}:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

export function parseListen(listen: string): { host: string; port: number } {
  const i = listen.lastIndexOf(':');
  return { host: listen.slice(0, i), port: Number(listen.slice(i + 1)) };
}
