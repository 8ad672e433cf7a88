/** Row shape of the telemetry table (part of storage's Tables). */
export interface TelemetryEventRow {
  id: string;
  /** The console's event name (a discover step, a call to action). */
  event: string;
  /** Its data, as JSON. */
  data: string;
  /** Who sent it; empty for an event from before sign-in (precapture). */
  username: string;
  created_at: number;
}

export interface TelemetryTables {
  telemetry_events: TelemetryEventRow;
}
