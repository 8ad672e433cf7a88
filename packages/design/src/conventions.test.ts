import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as design from './index';
import { componentFolders, srcDir, walk } from '../test/walk';

// Function components, and forwardRef/memo/styled components (objects React knows by $$typeof).
const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

describe('every component', () => {
  test.each(componentFolders())(
    '%s has its own file, an index and a stories file, and is exported by the package',
    (folder) => {
      const dir = path.join(srcDir, folder);
      expect(existsSync(path.join(dir, `${folder}.tsx`))).toBe(true);
      expect(existsSync(path.join(dir, 'index.ts'))).toBe(true);
      expect(existsSync(path.join(dir, `${folder}.stories.tsx`))).toBe(true);
      expect(readFileSync(path.join(srcDir, 'index.ts'), 'utf8')).toContain(`export * from './${folder}';`);
    },
  );

  test('each exported component comes from a folder that has stories', () => {
    const storied = new Set(componentFolders());
    const index = readFileSync(path.join(srcDir, 'index.ts'), 'utf8');
    const fromFolders = [...index.matchAll(/export \* from '\.\/(\w+)';/g)].map((m) => m[1]!);
    for (const folder of fromFolders.filter((f) => f !== 'theme')) expect(storied.has(folder)).toBe(true);
    const components = Object.entries(design).filter(
      ([name, value]) => /^[A-Z]/.test(name) && isComponent(value),
    );
    expect(components.length).toBeGreaterThanOrEqual(30);
  });
});

describe('styles read only theme tokens', () => {
  const sources = walk(srcDir).filter(
    (f) => /\.(ts|tsx)$/.test(f) && !f.startsWith(`theme${path.sep}`) && !/\.test\.tsx?$/.test(f),
  );
  const strip = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

  const offenders = (pattern: RegExp, allow: (file: string, hit: string) => boolean = () => false) =>
    sources.flatMap((file) =>
      (strip(readFileSync(path.join(srcDir, file), 'utf8')).match(pattern) ?? [])
        .filter((hit) => !allow(file, hit))
        .map((hit) => `${file}: ${hit}`),
    );

  test('no source file outside the theme has a raw hex colour', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(offenders(/#[0-9a-fA-F]{3,8}\b/g)).toEqual([]);
  });

  test('no source file outside the theme has a pixel value or rgb() colour of its own', () => {
    // A VisuallyHidden 1 px box is the one fixed size that is not a design decision.
    const allow = (file: string, hit: string) =>
      file === path.join('system', 'VisuallyHidden.ts') && hit === '1px';
    expect(offenders(/\b\d+(\.\d+)?px\b|rgba?\(/g, allow)).toEqual([]);
  });

  test('the check catches what it is for', () => {
    expect('color: #512FC9;'.match(/#[0-9a-fA-F]{3,8}\b/g)).toEqual(['#512FC9']);
    expect('padding: 12px 4px;'.match(/\b\d+(\.\d+)?px\b|rgba?\(/g)).toEqual(['12px', '4px']);
  });
});
