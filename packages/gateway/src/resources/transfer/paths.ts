/**
 * Where a transfer reads or writes on the node. Uploads go to `location` (a directory when `filename` is
 * given), downloads read `location`. `~/` means the login's home, which is where both paths start anyway.
 */
export function remotePath(location: string, filename?: string): string {
  const base = location.startsWith('~/') ? location.slice(2) || '.' : location === '~' ? '.' : location;
  if (!filename) return base;
  return `${base.replace(/\/+$/, '')}/${filename}`;
}

/** A name for the browser's download: the given filename, else the path's last part. */
export const downloadName = (location: string, filename?: string): string => filename || location.split('/').filter(Boolean).pop() || 'download';

/** Single-quotes a word for a POSIX shell (OpenSSH hands the remote command to the login's shell). */
export const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
