import type { ActiveSessionJson, ParticipantMode } from '@portcullis/shared';
import { sessionJson } from '../core/sessionJson';
import type { TrackedSession } from '../core/tracker';

/** An entry of GET /sites/{id}/sessions: the session plus what the caller may do. */
export const activeSessionJson = (s: TrackedSession, participantModes: ParticipantMode[]) =>
  ({
    ...sessionJson(s),
    // The console names a database or app session by the resource, from the field of its kind.
    ...(s.kind === 'db' && { database_name: s.resource.name }),
    ...(s.kind === 'app' && { app_name: s.resource.name }),
    ...(s.kind === 'desktop' && { desktop_name: s.resource.name }),
    ...(s.kind === 'k8s' && { kubernetes_cluster_name: s.resource.name }),
    owner: s.owner,
    moderated: s.moderated === true,
    participantModes,
  }) satisfies ActiveSessionJson;
