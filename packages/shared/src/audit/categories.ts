/** Audit query categories. */
export const AuditCategory = {
  GENERAL: 'GENERAL',
  SECURITY: 'SECURITY',
  SEARCH: 'SEARCH',
  SQL: 'SQL',
} as const;

export type AuditCategory = (typeof AuditCategory)[keyof typeof AuditCategory];
