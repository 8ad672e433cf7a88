// Packs the built command line as the npm package install-node.sh installs on a host (`npm install -g`).
// The shared package travels inside it (bundled), since it is not published; everything else is an
// ordinary dependency the host's npm installs.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const manifest = (pkg) => JSON.parse(readFileSync(`packages/${pkg}/package.json`, 'utf8'));
const gateway = manifest('gateway');
const shared = manifest('shared');
const stage = path.resolve('build/agent-package');
const out = path.resolve('packages/gateway/dist');

rmSync(stage, { recursive: true, force: true });
mkdirSync(path.join(stage, 'node_modules/@portcullis/shared'), { recursive: true });

const { '@portcullis/shared': _own, ...dependencies } = gateway.dependencies;
writeFileSync(
  path.join(stage, 'package.json'),
  JSON.stringify(
    {
      name: 'portcullis',
      version: gateway.version,
      description: gateway.description,
      license: gateway.license,
      type: 'module',
      engines: { node: '>=20.19' },
      bin: { portcullis: 'dist/cli.js' },
      dependencies: { ...shared.dependencies, ...dependencies, '@portcullis/shared': shared.version },
      bundleDependencies: ['@portcullis/shared'],
    },
    null,
    2,
  ),
);
// All of dist: cli.js loads each command's work from the chunks beside it when the command runs.
cpSync(path.resolve('packages/gateway/dist'), path.join(stage, 'dist'), {
  recursive: true,
  filter: (src) => !src.endsWith('.tgz'),
});
const sharedDir = path.join(stage, 'node_modules/@portcullis/shared');
cpSync(path.resolve('packages/shared/dist'), path.join(sharedDir, 'dist'), { recursive: true });
// npm treats the dependencies of a bundled package as bundled too and leaves them empty, so the agent's own
// manifest declares them (above) and the bundled copy declares none.
const { devDependencies: _dev, dependencies: _deps, ...sharedManifest } = shared;
writeFileSync(path.join(sharedDir, 'package.json'), JSON.stringify(sharedManifest, null, 2));

const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop();
renameSync(path.join(out, file), path.join(out, 'portcullis-agent.tgz'));
console.log(`agent package: ${path.relative(process.cwd(), path.join(out, 'portcullis-agent.tgz'))}`);
