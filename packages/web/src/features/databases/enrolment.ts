import type { EnrolledProtocol } from '@portcullis/console-kit';
import { requiredPattern } from '@portcullis/design';
import type { Label } from '@portcullis/shared';

/** Where a database of each protocol usually listens, as a hint in the URI field. */
export const uriExamples: Record<EnrolledProtocol, string> = {
  postgres: 'postgres://db.internal:5432/postgres',
  mysql: 'mysql://db.internal:3306/mysql',
  redis: 'redis://cache.internal:6379/0',
};

const labelPair = /^([^=\s]+)\s*=\s*(\S.*)$/;

/** 'env=prod, team=ops' → labels; undefined when a part is not name=value. */
export function parseLabels(text: string): Label[] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const labels = parts
    .map((p) => labelPair.exec(p))
    .map((m) => (m ? { name: m[1]!, value: m[2]!.trim() } : undefined));
  return labels.every((l) => l !== undefined) ? labels : undefined;
}

/** A labels field's rule: empty, or name=value pairs separated by commas. */
export const labelsRule = (text: string) =>
  parseLabels(text) ? { valid: true as const } : { valid: false as const, message: 'Write labels as name=value, separated by commas' };

/** A database URI field's rule: scheme://host:port/database. */
export const databaseUriRule = requiredPattern(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, 'Enter the URI as scheme://host:port/database');
