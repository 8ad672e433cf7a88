/** Reconnect delays: doubling from `first` up to `max`, with ±20% jitter so a fleet does not reconnect in step. */
export function backoffDelay(attempt: number, first = 250, max = 15_000, random = Math.random): number {
  const base = Math.min(max, first * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
