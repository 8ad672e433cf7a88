/** Longest header line kept while it arrives (a type byte, a length or a simple string and CRLF). */
const maxLineBytes = 64 * 1024;

/** An aggregate being read: values left in it; an attribute describes the value after it and is not one itself. */
interface Open {
  left: number;
  attribute: boolean;
}

/**
 * Finds where each of a Redis server's replies ends in the bytes it sends, RESP2 or RESP3, keeping its place
 * across chunks. Only header lines are read: a bulk string's bytes are skipped, however long. A push (RESP3's
 * out-of-band messages, such as invalidations) is no reply; an attribute belongs to the reply after it. Bytes
 * that are not RESP (or a streamed RESP3 value, which servers do not send) lose the count for good.
 */
export class ReplyEnds {
  private line = '';
  /** Bytes of a bulk string and its CRLF still to skip. */
  private skip = 0;
  private readonly open: Open[] = [];
  /** Whether the value being read at the top level is a push. */
  private push = false;
  private lost = false;

  /** Offsets in `chunk` just past each reply that ends there; undefined once the replies cannot be told apart. */
  ends(chunk: Buffer): number[] | undefined {
    if (this.lost) return undefined;
    const ends: number[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        if (this.skip === 0) this.valueDone(ends, i);
        continue;
      }
      const lf = chunk.indexOf(0x0a, i);
      if (lf < 0) {
        this.line += chunk.toString('latin1', i);
        if (this.line.length > maxLineBytes) return this.lose();
        break;
      }
      const line = this.line + chunk.toString('latin1', i, lf + 1);
      this.line = '';
      i = lf + 1;
      if (!this.header(line, ends, i)) return this.lose();
    }
    return ends;
  }

  /** Reads one header line (ending at `at` in the chunk); false when it is not RESP. */
  private header(line: string, ends: number[], at: number): boolean {
    if (!line.endsWith('\r\n')) return false;
    const body = line.slice(1, -2);
    const count = () => (/^-?\d{1,19}$/.test(body) ? Number(body) : NaN);
    switch (line[0]) {
      case '+':
      case '-':
      case ':':
      case ',':
      case '#':
      case '(':
      case '_':
        this.valueDone(ends, at);
        return true;
      case '$':
      case '!':
      case '=': {
        const n = count();
        if (Number.isNaN(n)) return false;
        if (n < 0) this.valueDone(ends, at);
        else this.skip = n + 2;
        return true;
      }
      case '*':
      case '~':
      case '>':
      case '%':
      case '|': {
        const n = count();
        if (Number.isNaN(n)) return false;
        if (this.open.length === 0) this.push = line[0] === '>';
        const values = line[0] === '%' || line[0] === '|' ? n * 2 : n;
        if (values <= 0 && line[0] !== '|') this.valueDone(ends, at);
        else if (values > 0) this.open.push({ left: values, attribute: line[0] === '|' });
        return true;
      }
      default:
        return false;
    }
  }

  /** A value ended at `at`: it fills its aggregate, and a reply ends when nothing is left open. */
  private valueDone(ends: number[], at: number): void {
    for (;;) {
      const top = this.open.at(-1);
      if (!top) break;
      top.left -= 1;
      if (top.left > 0) return;
      this.open.pop();
      // The value an attribute describes is still to come: the attribute counts for nothing around it.
      if (top.attribute) return;
    }
    if (!this.push) ends.push(at);
    this.push = false;
  }

  private lose(): undefined {
    this.lost = true;
    return undefined;
  }
}
