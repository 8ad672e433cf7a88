import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every page is screenshotted in both themes by the visual suite, which renders the stories: a page no story
// renders has no baseline to catch a change in its look.
const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' });
const pages = files.filter((f) => /Page\.tsx$/.test(f));
const stories = files.filter((f) => f.endsWith('.stories.tsx'));

/** The files a story imports, relative to this folder and without their extension. */
const importedBy = (story: string) =>
  [...readFileSync(path.join(__dirname, story), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.join(path.dirname(story), m[1]!),
  );

test('every page of the console is rendered by a story', () => {
  const rendered = new Set(stories.flatMap(importedBy));
  expect(pages.length).toBeGreaterThan(30);
  expect(pages.filter((page) => !rendered.has(page.replace(/\.tsx$/, '')))).toEqual([]);
});
