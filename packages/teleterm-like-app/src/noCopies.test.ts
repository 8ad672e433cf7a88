import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { copiedRuns, normalise, shingles } from './testing/shingles';

const packages = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Stories and tests show how a component is used, which the app does too (a password field is the same few
 * props wherever it appears): a copied component is copied from the code itself.
 */
const isComponentCode = (file: string) => !/\.(stories|test)\.tsx?$/.test(file);

/** Every 6-line run of the design system, the console-kit and the console, and where it is. */
function librarySnippets(): Map<string, string> {
  const known = new Map<string, string>();
  for (const pkg of ['design', 'console-kit', 'web']) {
    for (const file of sourceFiles(join(packages, pkg, 'src')).filter(isComponentCode)) {
      for (const [key, line] of shingles(readFileSync(file, 'utf8'))) {
        if (!known.has(key)) known.set(key, `${relative(packages, file)}:${line}`);
      }
    }
  }
  return known;
}

test('no six lines in a row of the app are copied from the design system, the console-kit or the console', () => {
  const known = librarySnippets();
  const copies = sourceFiles(__dirname).flatMap((file) =>
    copiedRuns(readFileSync(file, 'utf8'), known).map(
      ({ line, from }) => `${relative(packages, file)}:${line} repeats ${from}`,
    ),
  );
  expect(copies).toEqual([]);
});

describe('the copy detector', () => {
  const original = `
import { Box } from '@portcullis/design';

/** A card. */
export function Card({ title, children }: Props) {
  const [open, setOpen] = useState(false); // state
  const toggle = () => setOpen((o) => !o);
  if (!title) return null;
  return (
    <Box p={3} onClick={toggle}>
      <h2>{title}</h2>
      {open ? children : null}
    </Box>
  );
}
`;

  test('finds a copy that was reindented, recommented and given other imports', () => {
    const copy = `import { Box, Flex } from '@portcullis/design';
// Copied, then reformatted.
function Card({ title, children }: Props) {
    const [open, setOpen] = useState(false);
    const toggle = () => setOpen((o) => !o);
    /* early out */ if (!title) return null;
    return (
        <Box p={3} onClick={toggle}>
            <h2>{title}</h2>
            {open ? children : null}
        </Box>
    );
}`;
    expect(
      copiedRuns(copy, new Map([...shingles(original)].map(([key, line]) => [key, `card.tsx:${line}`]))),
    ).toEqual([
      { line: 4, from: 'card.tsx:6' },
      { line: 5, from: 'card.tsx:7' },
      { line: 6, from: 'card.tsx:8' },
    ]);
  });

  test('lets code that only shares brackets, imports and short runs pass', () => {
    const own = `import { Box } from '@portcullis/design';
export function Panel({ title }: Props) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((o) => !o);
  return (
    <Box p={3} onClick={toggle}>
      <h3>{title}</h3>
    </Box>
  );
}`;
    expect(copiedRuns(own, new Map([...shingles(original)].map(([key]) => [key, 'card.tsx'])))).toEqual([]);
  });

  test('normalising keeps line numbers and drops what every file shares', () => {
    expect(normalise("import x from 'y';\n\n  const a = 1; // one\n  );\n/* a\n b */ f(a);")).toEqual([
      { line: 3, text: 'const a = 1;' },
      { line: 6, text: 'f(a);' },
    ]);
  });
});
