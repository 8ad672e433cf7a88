import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../e2e/chromium';

/**
 * Offline visual regression and accessibility: every Storybook story, in light and dark, is compared
 * with its committed baseline and checked with axe-core. `UPDATE_BASELINES=1` rewrites the baselines.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['stories.spec.ts', 'compare.spec.ts'],
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  outputDir: '../build/visual-results',
  use: {
    launchOptions: chromiumLaunch,
    deviceScaleFactor: 1,
    colorScheme: 'light',
  },
});
