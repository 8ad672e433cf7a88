import { makeWebConfig, type WebConfig } from '@portcullis/shared';
import { atom } from 'jotai';

declare global {
  interface Window {
    /** Set by /web/config.js, which index.html loads before the bundle. */
    PORTCULLIS_CONFIG?: unknown;
  }
}

/** The server's config with shared's defaults applied; read once at boot. */
export const webConfigAtom = atom<WebConfig>(
  makeWebConfig(typeof window === 'undefined' ? {} : (window.PORTCULLIS_CONFIG ?? {})),
);
