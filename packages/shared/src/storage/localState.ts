import { makeBearerToken, type BearerToken, type BearerTokenJson } from './bearerToken';
import { defaultTheme, keysKeptOnClear, StorageKey, type StorageLike, type Theme } from './storage';

function readJson<T>(store: StorageLike, key: string): T | undefined {
  const text = store.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Typed access to what the console keeps in local storage; pass window.localStorage. */
export function createLocalState(store: StorageLike) {
  return {
    getBearerToken: (): BearerToken | undefined => readJson<BearerToken>(store, StorageKey.TOKEN),
    setBearerToken: (token: BearerToken) => store.setItem(StorageKey.TOKEN, JSON.stringify(token)),
    /** Stores the JSON of login or renewal, stamped with the time it arrived. */
    saveSession: (json: BearerTokenJson, now?: number) =>
      store.setItem(StorageKey.TOKEN, JSON.stringify(makeBearerToken(json, now))),

    /** Set while a tab renews the token, so other tabs see the renewal in progress. */
    isRenewing: () => store.getItem(StorageKey.TOKEN_RENEW) !== null,
    setRenewing: (renewing: boolean) =>
      renewing ? store.setItem(StorageKey.TOKEN_RENEW, 'true') : store.removeItem(StorageKey.TOKEN_RENEW),

    getLastActive: (): number => Number(store.getItem(StorageKey.LAST_ACTIVE) ?? 0),
    setLastActive: (epochMs: number) => store.setItem(StorageKey.LAST_ACTIVE, String(epochMs)),

    getDiscover: <T>(): T | undefined => readJson<T>(store, StorageKey.DISCOVER),
    setDiscover: (state: unknown) => store.setItem(StorageKey.DISCOVER, JSON.stringify(state)),

    getTheme: (): Theme => (store.getItem(StorageKey.THEME) === 'dark' ? 'dark' : defaultTheme),
    setTheme: (theme: Theme) => store.setItem(StorageKey.THEME, theme),

    getShowAssistPopup: (): boolean => store.getItem(StorageKey.SHOW_ASSIST_POPUP) !== 'false',
    setShowAssistPopup: (show: boolean) => store.setItem(StorageKey.SHOW_ASSIST_POPUP, String(show)),

    /** Telemetry loads only when this flag is exactly 'true'. */
    isTelemetryEnabled: () => store.getItem(StorageKey.ENABLE_TELEMETRY) === 'true',

    /** Clears everything except the theme and the assistant-popup flag. */
    clear: () => {
      const kept = keysKeptOnClear.map((key) => [key, store.getItem(key)] as const);
      store.clear();
      for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
    },
  };
}

export type LocalState = ReturnType<typeof createLocalState>;
