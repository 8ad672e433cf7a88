export interface Label {
  name: string;
  value: string;
}

/** Labels as the console shows them: name-sorted so rows read alike. */
export const sortLabels = (labels: readonly Label[] = []): Label[] =>
  [...labels].sort((a, b) => a.name.localeCompare(b.name));
