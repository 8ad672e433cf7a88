/** Lines in a row that count as a copy. */
export const shingleLines = 6;

/**
 * A source file's lines as the copy check compares them: comments stripped, whitespace collapsed, and import lines,
 * blank lines and lines of brackets alone dropped (they match everywhere). Each keeps its line number.
 */
export function normalise(source: string): { line: number; text: string }[] {
  // Comments are blanked rather than removed, so line numbers stay those of the file.
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, (m, before: string) => before + blank(m.slice(before.length)));
  return code
    .split('\n')
    .map((text, i) => ({ line: i + 1, text: text.replace(/\s+/g, ' ').trim() }))
    .filter(
      ({ text }) =>
        text !== '' && !/^import\b/.test(text) && !/^} from /.test(text) && !/^[\s()[\]{};,<>/]*$/.test(text),
    );
}

/** Every run of `shingleLines` normalised lines, keyed by its text, with the line it starts at. */
export function shingles(source: string): Map<string, number> {
  const lines = normalise(source);
  const runs = new Map<string, number>();
  for (let i = 0; i + shingleLines <= lines.length; i += 1) {
    const key = lines
      .slice(i, i + shingleLines)
      .map((l) => l.text)
      .join('\n');
    if (!runs.has(key)) runs.set(key, lines[i]!.line);
  }
  return runs;
}

/** Where `source` repeats a run of lines found in `known` (shingle text → where it was seen). */
export function copiedRuns(source: string, known: Map<string, string>): { line: number; from: string }[] {
  return [...shingles(source)].flatMap(([key, line]) => {
    const from = known.get(key);
    return from ? [{ line, from }] : [];
  });
}
