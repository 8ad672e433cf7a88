// One jest run for every package: jsdom for the UI packages, node for shared and the gateway.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Packages that ship only ES modules are transformed too, since jest runs CommonJS.
const esmOnly = [
  '@simplewebauthn',
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  '@open-draft',
  'oidc-provider',
  'openid-client',
  'oauth4webapi',
  'jose',
  'pixelmatch',
  'content-disposition',
  '@fastify/cookie',
  'cookie',
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@portcullis/shared$': '<rootDir>/packages/shared/src/index.ts',
    '^@portcullis/design$': '<rootDir>/packages/design/src/index.ts',
    '^@portcullis/console-kit$': '<rootDir>/packages/console-kit/src/index.ts',
    // The gateway's own presenters, for the console's test fixtures (see packages/gateway/test/wire.ts).
    '^@portcullis/gateway/wire$': '<rootDir>/packages/gateway/test/wire.ts',
    '\\.css$': '<rootDir>/scripts/jest-browser-only.ts',
    '^@xterm/(xterm|addon-webgl)$': '<rootDir>/scripts/jest-browser-only.ts',
    // noVNC awaits at its top level, which jest's CommonJS cannot load: desktop tests inject a stand-in RFB client.
    '^@novnc/novnc$': '<rootDir>/scripts/jest-browser-only.ts',
  },
  rootDir: new URL('.', import.meta.url).pathname,
  // build/ holds staged packages (the agent's) whose manifests would shadow the workspace's.
  modulePathIgnorePatterns: ['<rootDir>/build/'],
};

export default {
  // A project-level testTimeout is ignored by jest, so the gateway's real servers get their time here.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'shared', testEnvironment: 'node', testMatch: ['<rootDir>/packages/shared/src/**/*.test.ts'] },
    {
      ...common,
      displayName: 'design',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-dom.ts'],
      testMatch: ['<rootDir>/packages/design/src/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'console-kit',
      // jsdom plus the web platform's Blob, streams and TextEncoder, which the engines' tests use.
      testEnvironment: 'jest-fixed-jsdom',
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-dom.ts'],
      testMatch: ['<rootDir>/packages/console-kit/src/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'web',
      // jsdom plus the web platform's fetch, streams and TextEncoder, which the router and msw need.
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-dom.ts'],
      testMatch: ['<rootDir>/packages/web/src/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'teleterm-like-app',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-dom.ts'],
      testMatch: ['<rootDir>/packages/teleterm-like-app/src/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'gateway',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/gateway/{src,test}/**/*.test.ts'],
    },
  ],
};
