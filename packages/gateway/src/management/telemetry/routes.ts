import { randomUUID } from 'node:crypto';
import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import type { Gateway } from '../../platform/server/context';
import type { Store } from '../../platform/storage/store';

/** How many events are kept: the newest, so a chatty or hostile client cannot fill the disk. */
export const keptTelemetryEvents = 10_000;

const maxDataBytes = 4096;

const eventBody = z
  .object({
    event: z.string().regex(/^[a-zA-Z0-9_.:-]{1,128}$/, 'event must be a name of 1-128 letters, digits, and . _ : -'),
    eventData: z.record(z.string(), z.unknown()).default({}),
  })
  .refine((b) => JSON.stringify(b.eventData).length <= maxDataBytes, { message: `eventData may be at most ${maxDataBytes} bytes of JSON`, path: ['eventData'] });

/** Stores one event and drops any beyond the newest keptTelemetryEvents. */
async function keep(store: Store, username: string, body: z.infer<typeof eventBody>, now: number): Promise<void> {
  await store.db.insertInto('telemetry_events').values({ id: randomUUID(), event: body.event, data: JSON.stringify(body.eventData), username, created_at: now }).execute();
  const oldestKept = await store.db.selectFrom('telemetry_events').select('created_at').orderBy('created_at', 'desc').offset(keptTelemetryEvents - 1).limit(1).executeTakeFirst();
  if (oldestKept) await store.db.deleteFrom('telemetry_events').where('created_at', '<', oldestKept.created_at).execute();
}

/**
 * The console's telemetry calls (discover steps with their statuses, calls to action): kept by this gateway in
 * its own storage, for its operators, and never sent anywhere else.
 */
export function telemetryRoutes(gw: Gateway) {
  gw.route('POST', apiPaths.captureUserEvent, {
    access: { signedIn: "a signed-in user's console reports its own events" },
    body: eventBody,
    handler: async ({ identity, body }) => {
      await keep(gw.store, identity!.user.name, body, gw.now());
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.capturePreUserEvent, {
    access: { public: 'events from before sign-in (the login page): bounded in size and number, kept here only' },
    body: eventBody,
    handler: async ({ body }) => {
      await keep(gw.store, '', body, gw.now());
      return { message: 'ok' };
    },
  });
}
