import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './paths';

export type Story = {
  id: string;
  title: string;
  name: string;
  exportName: string;
  tags: string[];
  baseline: string;
};

type IndexEntry = {
  type: string;
  id: string;
  title: string;
  name: string;
  exportName?: string;
  tags?: string[];
};

/**
 * The stories of the built Storybook, from its index.json (never typed by hand). The baseline name is
 * `<Component>.<Story>`: the last segment of the title and the story's export name.
 */
export function readStories(): Story[] {
  const file = path.join(run.storybook, 'index.json');
  // Listing tests without a run (e.g. --list) has no build to read.
  if (!run.storybook || !existsSync(file)) return [];
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> };
  const stories = Object.values(index.entries)
    .filter((e) => e.type === 'story')
    .map((e) => {
      const exportName = e.exportName ?? e.name.replace(/\W+/g, '');
      const component = e.title.split('/').pop()!.replace(/\W+/g, '');
      return {
        id: e.id,
        title: e.title,
        name: e.name,
        exportName,
        tags: e.tags ?? [],
        baseline: `${component}.${exportName}`,
      };
    });
  const seen = new Map<string, string>();
  for (const s of stories) {
    const other = seen.get(s.baseline);
    if (other)
      throw new Error(`Stories ${other} and ${s.id} would share the baseline ${s.baseline}: rename one`);
    seen.set(s.baseline, s.id);
  }
  return stories;
}
