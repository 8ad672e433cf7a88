import type { ActiveSessionJson, ParticipantMode } from '@portcullis/shared';
import { sessionJson } from '../core/sessionJson';
import type { TrackedSession } from '../core/tracker';

/** An entry of GET /sites/{id}/sessions: the session plus what the caller may do. */
export const activeSessionJson = (s: TrackedSession, participantModes: ParticipantMode[]) =>
  ({
    ...sessionJson(s),
    owner: s.owner,
    moderated: s.moderated === true,
    participantModes,
  }) satisfies ActiveSessionJson;
