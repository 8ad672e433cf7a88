import { INTERNAL_RESOURCE_ID_LABEL } from '../constants';

export interface Label {
  name: string;
  value: string;
}

/** Labels as the console shows them: name-sorted so rows read alike. */
export const sortLabels = (labels: readonly Label[] = []): Label[] =>
  [...labels].sort((a, b) => a.name.localeCompare(b.name));

/** The labels a person reads: the reserved label that marks an internal resource id is the gateway's own. */
export const displayLabels = (labels: readonly Label[] = []): Label[] =>
  labels.filter((l) => l.name !== INTERNAL_RESOURCE_ID_LABEL);
