/** Row shape of a headless sign-in request (part of storage's Tables). */
export interface HeadlessRequestRow {
  id: string;
  username: string;
  /** sha256 of the secret only the asking command-line process holds; it collects the session with it. */
  secret_hash: string;
  /** The address the command line asked from, shown on the approval page. */
  client_ip: string;
  /** pending, approved or denied. */
  state: string;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
}

export interface HeadlessTables {
  headless_requests: HeadlessRequestRow;
}
