// Builds the three libraries (shared, design, console-kit) as ES modules with bundled type declarations, and the
// gateway's command line as one ES module for Node. The console itself is built by Vite (packages/web).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { dts } from 'rollup-plugin-dts';

const manifest = (pkg) => JSON.parse(readFileSync(`packages/${pkg}/package.json`, 'utf8'));

// Everything a package depends on stays an import: consumers install it once.
const externals = (pkg) => {
  const m = manifest(pkg);
  const names = Object.keys({ ...m.dependencies, ...m.peerDependencies });
  return (id) => id.startsWith('node:') || names.some((n) => id === n || id.startsWith(`${n}/`));
};

const library = (pkg) => [
  {
    input: `packages/${pkg}/src/index.ts`,
    output: { dir: `packages/${pkg}/dist`, format: 'es', preserveModules: true, preserveModulesRoot: `packages/${pkg}/src`, sourcemap: true },
    external: externals(pkg),
    plugins: [esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: `packages/${pkg}/tsconfig.json` })],
  },
  {
    input: `packages/${pkg}/src/index.ts`,
    output: { file: `packages/${pkg}/dist/index.d.ts`, format: 'es' },
    external: externals(pkg),
    plugins: [dts({ tsconfig: `packages/${pkg}/tsconfig.json` })],
  },
];

// Chunk names change as modules move, and the agent package takes everything in dist: a build leaves only its own.
const removeStaleChunks = {
  name: 'remove-stale-chunks',
  writeBundle({ dir }, bundle) {
    for (const file of readdirSync(dir)) {
      if (/\.js(\.map)?$/.test(file) && !(file in bundle)) rmSync(path.join(dir, file));
    }
  },
};

const gateway = {
  // The keyframe thread is its own entry: a worker loads it by file name (see recordings/screenMirrors.ts).
  input: { cli: 'packages/gateway/src/cli.ts', keyframeWorker: 'packages/gateway/src/resources/recordings/keyframeWorker.ts' },
  output: {
    dir: 'packages/gateway/dist',
    format: 'es',
    sourcemap: true,
    banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    // Each command's work is a chunk of its own, loaded when the command runs (cli/program.ts), so that a
    // command pays only for what it uses. Chunks sit beside cli.js, since modules find files (the console,
    // the keyframe worker, the agent package) relative to their own URL; unhashed, so a rebuild overwrites them.
    chunkFileNames: '[name].js',
  },
  external: externals('gateway'),
  plugins: [esbuild({ target: 'node20', platform: 'node', tsconfig: 'packages/gateway/tsconfig.json' }), removeStaleChunks],
};

const targets = {
  shared: library('shared'),
  design: library('design'),
  'console-kit': library('console-kit'),
  gateway: [gateway],
};
const only = process.env.TARGET;
export default only ? targets[only] : [...targets.shared, ...targets.design, ...targets['console-kit'], gateway];
