/** Percentile of a sample (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const fmtMs = (v: number) => `${v.toFixed(2)} ms`;

/** Times `fn` `runs` times after `warmup` untimed runs; answers the durations in milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>, warmup = 10): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}
