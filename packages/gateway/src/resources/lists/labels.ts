import type { Label } from '@portcullis/shared';

/** A resource's labels as the wire lists them: name and value pairs, sorted by name. */
export const labelList = (labels: Record<string, string>): Label[] =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ({ name, value }));
