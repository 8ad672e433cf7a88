import type { ThemeName } from '@portcullis/design';
import { defaultTheme, StorageKey } from '@portcullis/shared';
import { atomWithStorage } from 'jotai/utils';
import { localState } from './client';

/**
 * The UI theme, kept in local storage (light by default). Subscribing to storage events makes
 * every tab follow a switch made in another.
 */
export const themeNameAtom = atomWithStorage<ThemeName>(
  StorageKey.THEME,
  localState.getTheme(),
  {
    getItem: () => localState.getTheme(),
    setItem: (_key, theme) => localState.setTheme(theme),
    removeItem: () => localState.setTheme(defaultTheme),
    subscribe: (key, callback) => {
      const onStorage = (e: StorageEvent) => {
        if (e.key === key) callback(localState.getTheme());
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  },
  { getOnInit: true },
);
