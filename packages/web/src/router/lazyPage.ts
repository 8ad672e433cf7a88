import { type ComponentType, lazy } from 'react';

/** Remembers a reload for a minute, so a chunk that is really gone fails once instead of looping. */
const reloadMarker = 'portcullis.chunk-reload';
const reloadWindowMs = 60_000;

/**
 * A lazily loaded feature page. After a deploy the chunk names a running page knows may no longer exist;
 * the import then fails and one full reload fetches the new index with the new names.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  location: Pick<Location, 'reload'> = window.location,
) {
  return lazy(() =>
    load().catch((err: unknown) => {
      const last = Number(sessionStorage.getItem(reloadMarker) ?? 0);
      if (Date.now() - last < reloadWindowMs) throw err;
      sessionStorage.setItem(reloadMarker, String(Date.now()));
      location.reload();
      // Stay suspended until the reload replaces the page.
      return new Promise<never>(() => {});
    }),
  );
}
