/**
 * The resource lists' `query` parameter: a small predicate language over fields and labels, parsed here into a
 * tree that each kind's list compiles to SQL over its own table (see sql.ts), so the database does the
 * filtering. Grammar:
 *   expr  := and ('||' and)*          and := unary ('&&' unary)*
 *   unary := '!' unary | '(' expr ')' | field ('==' | '!=') STRING | fn '(' args ')'
 *   field := NAME | 'labels.' NAME | 'labels[' STRING ']'     (which NAMEs exist is the kind's to say)
 *   fn    := exists(field) | hasPrefix(field, STRING) | search(STRING, ...)
 * Strings are double-quoted with backslash escapes. `labels.env != "prod"` holds when the label is absent.
 */

export class PredicateError extends Error {}

export type Field = { kind: 'field'; name: string } | { kind: 'label'; name: string };
export type Predicate =
  | { op: 'and' | 'or'; left: Predicate; right: Predicate }
  | { op: 'not'; inner: Predicate }
  | { op: 'eq' | 'neq' | 'prefix'; field: Field; value: string }
  | { op: 'exists'; field: Field }
  | { op: 'search'; words: string[] };

type Token = { type: 'str' | 'ident' | 'punct'; text: string; at: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < input.length && input[j] !== '"'; j += 1) text += input[j] === '\\' ? (input[++j] ?? '') : input[j];
      if (j >= input.length) throw new PredicateError(`unterminated string at ${i}`);
      tokens.push({ type: 'str', text, at: i });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.\-/]*/.exec(input.slice(i))!;
      tokens.push({ type: 'ident', text: m[0], at: i });
      i += m[0].length;
    } else {
      const two = input.slice(i, i + 2);
      const op = ['&&', '||', '==', '!='].includes(two) ? two : c;
      if (!['&&', '||', '==', '!=', '!', '(', ')', ',', '[', ']'].includes(op)) throw new PredicateError(`unexpected "${c}" at ${i}`);
      tokens.push({ type: 'punct', text: op, at: i });
      i += op.length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Predicate {
    const node = this.or();
    const extra = this.tokens[this.pos];
    if (extra) throw new PredicateError(`unexpected "${extra.text}" at ${extra.at}`);
    return node;
  }

  private peek(text: string): boolean {
    const t = this.tokens[this.pos];
    return !!t && t.type === 'punct' && t.text === text;
  }

  private take(type: Token['type'], text?: string): Token {
    const t = this.tokens[this.pos];
    if (!t || t.type !== type || (text !== undefined && t.text !== text)) {
      throw new PredicateError(`expected ${text ? `"${text}"` : type === 'str' ? 'a quoted string' : 'a name'} ${t ? `at ${t.at}` : 'at end of query'}`);
    }
    this.pos += 1;
    return t;
  }

  private or(): Predicate {
    let left = this.and();
    while (this.peek('||')) {
      this.pos += 1;
      left = { op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Predicate {
    let left = this.unary();
    while (this.peek('&&')) {
      this.pos += 1;
      left = { op: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): Predicate {
    if (this.peek('!')) {
      this.pos += 1;
      return { op: 'not', inner: this.unary() };
    }
    if (this.peek('(')) {
      this.pos += 1;
      const inner = this.or();
      this.take('punct', ')');
      return inner;
    }
    const name = this.take('ident');
    if (this.peek('(')) return this.call(name);
    const field = this.fieldFrom(name);
    const op = this.tokens[this.pos];
    if (!op || op.type !== 'punct' || (op.text !== '==' && op.text !== '!=')) throw new PredicateError(`expected == or != after ${name.text}`);
    this.pos += 1;
    return { op: op.text === '==' ? 'eq' : 'neq', field, value: this.take('str').text };
  }

  private call(name: Token): Predicate {
    this.take('punct', '(');
    let node: Predicate;
    if (name.text === 'search') {
      const words = [this.take('str').text];
      while (this.peek(',')) {
        this.pos += 1;
        words.push(this.take('str').text);
      }
      node = { op: 'search', words };
    } else if (name.text === 'exists') {
      node = { op: 'exists', field: this.fieldFrom(this.take('ident')) };
    } else if (name.text === 'hasPrefix') {
      const field = this.fieldFrom(this.take('ident'));
      this.take('punct', ',');
      node = { op: 'prefix', field, value: this.take('str').text };
    } else {
      throw new PredicateError(`unknown function ${name.text}() (known: exists, hasPrefix, search)`);
    }
    this.take('punct', ')');
    return node;
  }

  private fieldFrom(name: Token): Field {
    if (name.text.startsWith('labels.') && name.text.length > 7) return { kind: 'label', name: name.text.slice(7) };
    if (name.text === 'labels' && this.peek('[')) {
      this.pos += 1;
      const label = this.take('str').text;
      this.take('punct', ']');
      return { kind: 'label', name: label };
    }
    if (name.text === 'labels') throw new PredicateError(`expected labels.NAME or labels["NAME"] at ${name.at}`);
    return { kind: 'field', name: name.text };
  }
}

/** Parses a predicate into its tree; throws PredicateError naming the problem and where (answered as a 400). */
export function parsePredicate(query: string): Predicate {
  if (query.length > 2000) throw new PredicateError('query is longer than 2000 characters');
  return new Parser(tokenize(query)).parse();
}
