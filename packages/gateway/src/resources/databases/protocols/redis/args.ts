import { isUtf8 } from 'node:buffer';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const BACKSLASH = 0x5c;

// Space, \t, \n, \v, \f and \r, as C's isspace.
const isSpace = (b: number) => b === SPACE || (b >= TAB && b <= CR);
const hexValue = (b: number) =>
  b >= 0x30 && b <= 0x39
    ? b - 0x30
    : b >= 0x61 && b <= 0x66
      ? b - 0x57
      : b >= 0x41 && b <= 0x46
        ? b - 0x37
        : -1;
const escapes: Record<number, number> = { 0x6e: LF, 0x72: CR, 0x74: TAB, 0x62: 0x08, 0x61: 0x07 };

/**
 * Splits a command line into arguments the way redis-cli and Redis's inline commands do: whitespace separates,
 * double quotes allow \n \r \t \b \a \xHH and \<any> escapes, single quotes allow only \', and a closing quote
 * must end the argument. Undefined when the quotes do not balance (Redis answers "unbalanced quotes").
 */
export function splitArgs(line: Buffer): Buffer[] | undefined {
  const args: Buffer[] = [];
  let i = 0;
  while (true) {
    while (i < line.length && isSpace(line[i]!)) i++;
    if (i === line.length) return args;
    const arg: number[] = [];
    let quote = 0;
    for (;;) {
      if (i === line.length) {
        if (quote) return undefined;
        break;
      }
      const b = line[i]!;
      if (quote === DQUOTE) {
        if (
          b === BACKSLASH &&
          line[i + 1] === 0x78 &&
          hexValue(line[i + 2] ?? -1) >= 0 &&
          hexValue(line[i + 3] ?? -1) >= 0
        ) {
          arg.push(hexValue(line[i + 2]!) * 16 + hexValue(line[i + 3]!));
          i += 4;
          continue;
        }
        if (b === BACKSLASH && i + 1 < line.length) {
          const c = line[i + 1]!;
          arg.push(escapes[c] ?? c);
          i += 2;
          continue;
        }
      } else if (quote === SQUOTE && b === BACKSLASH && line[i + 1] === SQUOTE) {
        arg.push(SQUOTE);
        i += 2;
        continue;
      }
      if (quote && b === quote) {
        i++;
        // Like Redis, a closing quote glued to more text is an error, not the start of another argument.
        if (i < line.length && !isSpace(line[i]!)) return undefined;
        break;
      }
      if (!quote && isSpace(b)) break;
      if (!quote && (b === DQUOTE || b === SQUOTE)) quote = b;
      else arg.push(b);
      i++;
    }
    args.push(Buffer.from(arg));
  }
}

/** Arguments longer than this are shown cut, so one large value does not fill the audit log. */
const maxShownBytes = 4096;
const plain = (b: number) => b > SPACE && b < 0x7f && b !== DQUOTE && b !== SQUOTE && b !== BACKSLASH;
const named: Record<number, string> = {
  [LF]: '\\n',
  [CR]: '\\r',
  [TAB]: '\\t',
  0x08: '\\b',
  0x07: '\\a',
  [DQUOTE]: '\\"',
  [BACKSLASH]: '\\\\',
};
const hex = (b: number) => `\\x${b.toString(16).padStart(2, '0')}`;
// Characters that would hide what was sent: controls, format characters (zero-width), separators (no-break space).
const invisible = /[\p{C}\p{Z}]/u;

/**
 * An argument as redis-cli shows it: bare when it is plain printable text, otherwise double-quoted with escapes
 * that splitArgs reads back to the same bytes. Valid UTF-8 text stays readable; other bytes show as \xHH.
 */
export function showArgument(arg: Buffer): string {
  if (arg.length > maxShownBytes) {
    let cut = maxShownBytes;
    while (cut > 0 && (arg[cut]! & 0xc0) === 0x80) cut--;
    return `${showArgument(arg.subarray(0, cut))}…(${arg.length} bytes)`;
  }
  let i = 0;
  while (i < arg.length && plain(arg[i]!)) i++;
  if (i === arg.length && i > 0) return arg.toString('latin1');
  let quoted = true;
  let out = '';
  if (isUtf8(arg)) {
    quoted = arg.length === 0;
    for (const ch of arg.toString('utf8')) {
      const code = ch.codePointAt(0)!;
      if (code < 0x80 && plain(code)) out += ch;
      else if (code === SPACE || code === SQUOTE) {
        out += ch;
        quoted = true;
      } else if (code < 0x80) {
        out += named[code] ?? hex(code);
        quoted = true;
      } else if (invisible.test(ch)) {
        for (const b of Buffer.from(ch)) out += hex(b);
        quoted = true;
      } else out += ch;
    }
  } else {
    for (const b of arg)
      out += plain(b) || b === SPACE || b === SQUOTE ? String.fromCharCode(b) : (named[b] ?? hex(b));
  }
  return quoted ? `"${out}"` : out;
}
