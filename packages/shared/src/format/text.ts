import { AUDIT_QUERY_MAX_LENGTH } from '../constants';

/** Cuts a long text to `max` characters followed by an ellipsis. */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Audit query text as the audit log shows it. */
export const auditQueryText = (query: string): string => truncateText(query, AUDIT_QUERY_MAX_LENGTH);
