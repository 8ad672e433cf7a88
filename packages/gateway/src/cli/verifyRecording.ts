import { readFile } from 'node:fs/promises';
import { apiPaths } from '@portcullis/shared';
import type { JSONWebKeySet } from 'jose';
import { verifyExport } from '../resources/recordings/export/verify';
import { readProfile } from './client/profile';

/** The gateway's published keys: from a file saved earlier (offline), or fetched from the gateway. */
async function loadJwks(opts: { proxy?: string; jwks?: string }): Promise<JSONWebKeySet> {
  if (opts.jwks) return JSON.parse(await readFile(opts.jwks, 'utf8')) as JSONWebKeySet;
  const proxy = opts.proxy ?? readProfile()?.proxy;
  if (!proxy) throw new Error('say whose signature to check: --proxy URL (the gateway) or --jwks FILE (its saved JWKS)');
  const res = await fetch(`${proxy.replace(/\/+$/, '')}${apiPaths.jwks}`);
  if (!res.ok) throw new Error(`could not read the gateway's keys from ${proxy}: HTTP ${res.status}`);
  return (await res.json()) as JSONWebKeySet;
}

/** `portcullis recordings verify FILE`: checks an exported recording against the gateway's keys. */
export async function verifyRecording(file: string, opts: { proxy?: string; jwks?: string }, out: (line: string) => void): Promise<void> {
  const manifest = await verifyExport(file, await loadJwks(opts));
  out(`verified: session ${manifest.sid} exported by ${manifest.exportedBy} at ${manifest.exportedAt}`);
}
