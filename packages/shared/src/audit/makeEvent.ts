import { eventCatalogue } from './eventCatalogue';
import type { RawEvent } from './types';

/** An audit event ready for display. */
export interface AuditEvent {
  id: string;
  code: string;
  codeDesc: string;
  message: string;
  user: string;
  time: Date;
  raw: RawEvent;
}

export const unknownEventDesc = 'Unknown';

export function makeEvent(raw: RawEvent): AuditEvent {
  const def = eventCatalogue[raw.code];
  return {
    id: raw.uid || `${raw.event}:${raw.time}`,
    code: raw.code,
    codeDesc: def ? def.desc : unknownEventDesc,
    message: def ? def.format(raw) : `Unknown '${raw.event}' event (${raw.code})`,
    user: raw.user ?? '',
    time: new Date(raw.time),
    raw,
  };
}
