import { STATUS_CODES } from 'node:http';

/** A Kubernetes Status body for a refusal, whose message kubectl prints. */
export const kubeStatus = (code: number, message: string): string =>
  JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: STATUS_CODES[code]?.replace(/ /g, '') ?? 'Unknown', code });
