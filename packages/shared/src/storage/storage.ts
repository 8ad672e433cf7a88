/** The part of the Web Storage API this package needs, so Node code can pass its own store. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Every locally stored key carries the grv_teleport_ prefix. */
export const storageKeyPrefix = 'grv_teleport_';

export const StorageKey = {
  TOKEN: 'grv_teleport_token',
  TOKEN_RENEW: 'grv_teleport_token_renew',
  LAST_ACTIVE: 'grv_teleport_last_active',
  DISCOVER: 'grv_teleport_discover',
  THEME: 'grv_teleport_ui_theme',
  SHOW_ASSIST_POPUP: 'grv_teleport_show_assist_popup',
  ENABLE_TELEMETRY: 'grv_teleport_enable_telemetry',
} as const;

/** Settings that belong to the person at the keyboard rather than the session survive a clear. */
export const keysKeptOnClear = [StorageKey.THEME, StorageKey.SHOW_ASSIST_POPUP] as const;

export type Theme = 'light' | 'dark';
export const defaultTheme: Theme = 'light';
