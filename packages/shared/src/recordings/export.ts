/**
 * A recording exported as asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): the first line is a
 * JSON header, each further line one `[seconds, "o" | "r", data]` event. The header also carries the gateway's
 * manifest under `portcullis`, which asciicast players ignore: SHA-256 digests of the original recording's files
 * and of the export's event lines, signed by the gateway (a JWS over the manifest, verifiable with the gateway's
 * published JWKS). The header line is written as JSON.stringify of RecordingExportHeader with its keys in the
 * order declared below, and a verifier requires exactly that line back, so a changed byte anywhere in the file
 * fails verification.
 */

export const recordingExportVersion = 1;

export interface RecordingExportManifest {
  version: typeof recordingExportVersion;
  sid: string;
  clusterName: string;
  exportedBy: string;
  /** ISO 8601. */
  exportedAt: string;
  /** The original recording's files, by name, with their SHA-256 (hex) and sizes. */
  recording: { file: string; sha256: string; bytes: number }[];
  /** SHA-256 (hex) of every byte after the header line (the event lines, each ending in "\n"). */
  eventsSha256: string;
  /** The header's own fields, so that they are signed too. */
  header: { width: number; height: number; timestamp: number; title: string };
}

export interface RecordingExportHeader {
  version: 2;
  width: number;
  height: number;
  /** Unix seconds of the session's start. */
  timestamp: number;
  title: string;
  portcullis: {
    manifest: RecordingExportManifest;
    /** Compact JWS (RS256) whose payload is the manifest's JSON; its `kid` names a key of the gateway's JWKS. */
    signature: string;
  };
}
