export { eventCodes, eventCatalogue, eventDefinitions } from './eventCatalogue';
export type { EventCode, EventName } from './eventCatalogue';
export { makeEvent, unknownEventDesc } from './makeEvent';
export type { AuditEvent } from './makeEvent';
export { NETWORK_ACTION_DENY } from './sessionEvents';
export { AuditCategory } from './categories';
export type { EventDefinition, EventSearchJson, RawEvent } from './types';
