import { accessEvents } from './accessEvents';
import { appEvents } from './appEvents';
import { authEvents } from './authEvents';
import { databaseEvents } from './databaseEvents';
import { desktopEvents } from './desktopEvents';
import { platformEvents } from './platformEvents';
import { sessionEvents } from './sessionEvents';
import { sftpEvents } from './sftpEvents';
import type { EventDefinition } from './types';

/** Every event the platform emits, by name. The gateway emits only these; the console renders them. */
export const eventDefinitions = {
  ...authEvents,
  ...sessionEvents,
  ...sftpEvents,
  ...accessEvents,
  ...databaseEvents,
  ...desktopEvents,
  ...appEvents,
  ...platformEvents,
};

export type EventName = keyof typeof eventDefinitions;
export type EventCode = (typeof eventDefinitions)[EventName]['code'];

/** Event name → code, e.g. eventCodes.USER_LOCAL_LOGIN === 'T1000I'. */
export const eventCodes = Object.fromEntries(
  Object.entries(eventDefinitions).map(([name, def]) => [name, def.code]),
) as { readonly [N in EventName]: (typeof eventDefinitions)[N]['code'] };

/** Code → definition, for rendering and for checking what the gateway emits. */
export const eventCatalogue: Readonly<Record<string, EventDefinition>> = Object.fromEntries(
  Object.values(eventDefinitions).map((def) => [def.code, def]),
);
