// PENDING shared: replace with shared's constants once they land.
export const sessionTimers = {
  renewBeforeExpiryMs: 180_000,
  tokenCheckMs: 15_000,
  statusCheckMarginMs: 30_000,
  inactivityCheckMs: 30_000,
  inactivityMarginMs: 30_000,
  activityThrottleMs: 15_000,
};
