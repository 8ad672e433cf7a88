import type { GatewayConfig } from './config';

/**
 * Settings this gateway accepts in its configuration but cannot enforce yet. Starting anyway would fail open
 * (a second factor asked for and never checked), so the gateway refuses to start and says what to change.
 */
export function unenforcedSettings(config: GatewayConfig): string[] {
  const problems: string[] = [];
  if (config.auth.secondFactor !== 'off') {
    problems.push(
      `auth.secondFactor: ${config.auth.secondFactor} cannot be enforced yet: this gateway does not check second factors, ` +
        'so every login would pass on a password alone. Set auth.secondFactor: off until second factors are supported.',
    );
  }
  return problems;
}

/** Throws before anything starts when the configuration asks for something the gateway would not enforce. */
export function refuseUnenforced(config: GatewayConfig): void {
  const problems = unenforcedSettings(config);
  if (problems.length) throw new Error(`refusing to start:\n  ${problems.join('\n  ')}`);
}
