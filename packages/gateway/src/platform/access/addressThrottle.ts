/**
 * Counts failures per remote address in fixed windows, so a public route can stop paying for an address that keeps
 * failing (each failure there is a lookup and an audit event). In memory: each gateway counts its own callers, which
 * bounds what one address costs any gateway without a shared counter.
 */
export class AddressThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    /** Past this many addresses, windows that have ended are dropped, so a spray of addresses cannot grow the map. */
    private readonly maxAddresses = 10_000,
  ) {}

  /** Milliseconds until `addr` may try again; 0 while it is within its limit. */
  waitFor(addr: string): number {
    const w = this.current(addr);
    return w && w.count >= this.limit ? w.start + this.windowMs - this.now() : 0;
  }

  /** Counts one failure from `addr`. */
  failed(addr: string): void {
    const w = this.current(addr);
    if (w) {
      w.count += 1;
      return;
    }
    if (this.windows.size >= this.maxAddresses) this.dropEnded();
    this.windows.set(addr, { start: this.now(), count: 1 });
  }

  private current(addr: string) {
    const w = this.windows.get(addr);
    return w && this.now() - w.start < this.windowMs ? w : undefined;
  }

  private dropEnded(): void {
    for (const [addr, w] of this.windows) if (this.now() - w.start >= this.windowMs) this.windows.delete(addr);
    // Every window still running: forget the oldest rather than grow without bound.
    if (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value!);
  }
}
