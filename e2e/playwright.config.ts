import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './chromium';
import { e2ePort } from './fixtures/gateways';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  outputDir: `../build/e2e-results${process.env.E2E_PORT ? `-${e2ePort}` : ''}`,
  use: { baseURL: `http://localhost:${e2ePort}`, launchOptions: chromiumLaunch, trace: 'retain-on-failure' },
  globalSetup: './global-setup.ts',
  projects: [
    // Accepts the main gateway's admin invite once; every spec signs the admin in afterwards.
    { name: 'admin', testMatch: /.*\.setup\.ts/ },
    { name: 'console', testMatch: /.*\.spec\.ts/, dependencies: ['admin'] },
  ],
});
