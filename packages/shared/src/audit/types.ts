/** An audit event as the gateway stores and serves it: a flat JSON object. */
export interface RawEvent {
  code: string;
  event: string;
  time: string;
  uid?: string;
  user?: string;
  sid?: string;
  [field: string]: unknown;
}

/** One page of the event search; E narrows the event for its session-end subset (recordings). startKey is empty on the last page. */
export interface EventSearchJson<E = RawEvent> {
  events: E[];
  startKey: string;
}

/** One catalogue entry: what a code means and how its message reads. */
export interface EventDefinition<C extends string = string> {
  code: C;
  /** The `event` string the gateway writes with this code, e.g. 'user.login'. */
  type: string;
  desc: string;
  /** The raw fields the message reads, so an emitter knows what to include. */
  fields: readonly string[];
  format(raw: RawEvent): string;
}
