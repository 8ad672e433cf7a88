/** The player's clock text: m:ss, or h:mm:ss from an hour on. */
export function formatPlayhead(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Reads a clock text back (m:ss or h:mm:ss, as formatPlayhead writes it) as milliseconds; undefined if it is not one. */
export function parsePlayhead(text: string): number | undefined {
  const match = /^(?:(\d+):([0-5]\d)|(\d+)):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  const [, hours, hourMinutes, minutes, seconds] = match;
  const total = hours !== undefined ? Number(hours) * 3600 + Number(hourMinutes) * 60 : Number(minutes) * 60;
  return (total + Number(seconds)) * 1000;
}
