import type { Generated } from 'kysely';
import type { AccessRequestTables } from '../../management/accessrequests/tables';
import type { AuthConnectorTables } from '../../management/connectors/tables';
import type { HeadlessTables } from '../../management/headless/tables';
import type { LockTables } from '../../management/locks/tables';
import type { MfaTables } from '../../management/mfa/tables';
import type { SsoTables } from '../../management/sso/tables';
import type { JoinTokenTables } from '../../management/tokens/tables';
import type { TelemetryTables } from '../../management/telemetry/tables';
import type { IntegrationTables } from '../../management/integrations/tables';
import type { AssistTables } from '../../management/assist/tables';
import type { TrustTables } from '../../management/trust/tables';
import type { AppTables } from '../../resources/apps/tables';
import type { AppSessionTables } from '../../resources/apps/sessions/tables';
import type { AgentTables } from '../../resources/connectors/agent/tables';
import type { DatabaseTables } from '../../resources/databases/tables';
import type { DesktopTables } from '../../resources/desktops/tables';
import type { KubeTables } from '../../resources/kubernetes/tables';
import type { NodeTables } from '../../resources/nodes/tables';
import type { RecordingSearchTables } from '../../resources/recordings/search/tables';
import type { RecordingReviewTables } from '../../resources/recordings/review/tables';
import type { PeerTables } from '../peers/tables';

/** Row shapes of the gateway's own tables. Times are milliseconds since the epoch; JSON columns are text. */
export interface UserRow {
  name: string;
  roles: string;
  traits: string;
  auth_type: string;
  password_hash: string | null;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
}

export interface UserTokenRow {
  /** sha256 of the token's plaintext, which is only ever returned once. */
  id_hash: string;
  username: string;
  kind: string;
  expires_at: number;
  created_at: number;
}

export interface WebSessionRow {
  /** sha256 of the cookie secret; the bearer token is derived from that secret, so neither is stored. */
  id_hash: string;
  username: string;
  /** When the user signed in; renewals carry it forward so max_session_ttl bounds the whole chain. */
  login_time: number;
  created_at: number;
  expires_at: number;
  last_active: number;
  /** 1 when the session was itself approved with a second factor (headless), so it needs no further MFA. */
  mfa_verified: number;
  /** JSON string array: the approved access requests this session assumed (their roles add to the user's). */
  access_request_ids: string;
}

export interface RoleRow {
  name: string;
  /** The role resource as JSON (normalised from the YAML it was written in). */
  resource: string;
  /** The YAML as it was written, comments and key order included; null for roles the gateway wrote itself. */
  source: string | null;
  created_at: number;
  updated_at: number;
}

export interface EventRow {
  id: Generated<number>;
  time: number;
  type: string;
  code: string;
  username: string;
  /** The resource session the event belongs to, if any (its `sid`). */
  sid: string | null;
  /** The whole flat event as JSON. */
  data: string;
}

export interface MetaRow {
  key: string;
  value: string;
}

/** Every table of the one schema: the platform's and management's here, the domains' from their tables.ts. */
export interface Tables extends NodeTables, JoinTokenTables, AgentTables, MfaTables, HeadlessTables, AuthConnectorTables, SsoTables, LockTables, AccessRequestTables, AppTables, AppSessionTables, DatabaseTables, DesktopTables, KubeTables, TrustTables, TelemetryTables, IntegrationTables, AssistTables, RecordingSearchTables, RecordingReviewTables, PeerTables {
  users: UserRow;
  user_tokens: UserTokenRow;
  web_sessions: WebSessionRow;
  roles: RoleRow;
  events: EventRow;
  meta: MetaRow;
}
