// The package's tsconfig has no DOM or Node types, so the few platform globals it uses are typed
// here, narrowly, and read from globalThis. Browsers and Node 20 both provide every one of them.

export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface FetchResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly url: string;
  text(): Promise<string>;
}

export interface FetchInitLike {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials: 'same-origin';
  cache: 'no-store';
  signal?: AbortSignalLike;
}

export type FetchLike = (url: string, init: FetchInitLike) => Promise<FetchResponseLike>;

interface Platform {
  fetch: FetchLike;
  btoa(binary: string): string;
  atob(base64: string): string;
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
  console: { error(...args: unknown[]): void };
}

export const platform = globalThis as unknown as Platform;
