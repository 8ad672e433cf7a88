export { defaultTheme, keysKeptOnClear, StorageKey, storageKeyPrefix } from './storage';
export type { StorageLike, Theme } from './storage';
export { decodeBootstrapToken, makeBearerToken, tokenTimeLeft } from './bearerToken';
export type { BearerToken, BearerTokenJson } from './bearerToken';
export { createLocalState } from './localState';
export type { LocalState } from './localState';
