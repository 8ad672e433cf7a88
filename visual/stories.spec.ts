import { expect, test as base } from '@playwright/test';
import { compareWithBaseline } from './compare';
import { run } from './paths';
import { readStories } from './stories';
import { StorybookPage, type ThemeName } from './storybook-page';

const update = process.env.UPDATE_BASELINES === '1';
const themes: ThemeName[] = ['light', 'dark'];
const contextOptions = {
  viewport: { width: 1000, height: 700 },
  deviceScaleFactor: 1,
  colorScheme: 'light' as const,
  reducedMotion: 'reduce' as const,
};

// One preview page per worker, reused across stories; a story that fails gets the page reloaded.
const test = base.extend<{ storybook: StorybookPage }, { workerStorybook: { current: StorybookPage } }>({
  workerStorybook: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ ...contextOptions, baseURL: run.baseURL });
      const holder = { current: new StorybookPage(await context.newPage()) };
      await use(holder);
      await context.close();
    },
    { scope: 'worker' },
  ],
  storybook: async ({ workerStorybook }, use, testInfo) => {
    await use(workerStorybook.current);
    if (testInfo.status !== testInfo.expectedStatus) {
      const broken = workerStorybook.current.page;
      workerStorybook.current = new StorybookPage(await broken.context().newPage());
      await broken.close();
    }
  },
});

for (const story of readStories()) {
  test(`${story.title} / ${story.name}`, async ({ storybook }) => {
    const problems: string[] = [];
    let fresh = true;
    for (const theme of themes) {
      await storybook.show(story.id, theme, fresh);
      if (!story.tags.includes('no-visual')) {
        const result = compareWithBaseline(
          `${story.baseline}.${theme}`,
          await storybook.screenshot(),
          update,
        );
        if (!result.ok) problems.push(`${theme}: ${result.reason}`);
      }
      for (const v of await storybook.seriousViolations()) {
        problems.push(`${theme}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      }
      // A story that moves focus on mount is loaded anew for the next theme. Re-rendered in place, the dialog it
      // unmounts returns focus to where it was before, and in one run of six that came after the new dialog's
      // autofocus, leaving focus on the page.
      fresh = await storybook.focusMoved();
    }
    expect(problems).toEqual([]);
  });
}
