import { z } from 'zod';

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses durations written like "90s", "5m", "12h" or "1h30m" into milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text.trim()) return undefined;
  return parts.reduce((ms, p) => ms + Number(p[1]) * (units[p[2] as string] as number), 0);
}

/** A zod field accepting a duration string and yielding milliseconds. */
export const durationField = z.string().transform((text, ctx) => {
  const ms = parseDuration(text);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not a duration; write it like "90s", "5m" or "12h"` });
    return z.NEVER;
  }
  return ms;
});
