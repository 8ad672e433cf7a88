const ESC = 0x1b;
const BEL = 0x07;

/** Where the filter is in a sequence; `string` covers OSC, DCS, SOS, PM and APC, all ended by ST (or BEL). */
type State = 'text' | 'escape' | 'intermediate' | 'csi' | 'single' | 'string' | 'stringEscape';

/**
 * Removes terminal escape sequences (CSI, OSC and the other strings, charset selects, SS2/SS3 keys and the
 * two-character ones) from text that arrives in pieces: a sequence may be cut anywhere between two chunks.
 * Everything else, control characters included, is kept for the caller to interpret.
 */
export class EscapeFilter {
  private state: State = 'text';

  strip(input: string): string {
    let out = '';
    let runStart = 0;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (this.state === 'text') {
        const next = introducer(c);
        if (!next) continue;
        out += input.slice(runStart, i);
        this.state = next;
        runStart = i + 1;
        continue;
      }
      this.state = this.after(c);
      if (this.state === 'text') runStart = i + 1;
    }
    if (this.state === 'text') out += input.slice(runStart);
    return out;
  }

  private after(c: number): State {
    switch (this.state) {
      case 'escape':
        if (c === 0x5b) return 'csi';
        if (c === 0x5d || c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) return 'string';
        if (c === 0x4e || c === 0x4f) return 'single';
        if (c >= 0x20 && c <= 0x2f) return 'intermediate';
        return c === ESC ? 'escape' : 'text';
      case 'intermediate':
        return c >= 0x20 && c <= 0x2f ? 'intermediate' : 'text';
      case 'csi':
        // Parameters and intermediates continue it; a final byte (or anything unexpected) ends it.
        if (c >= 0x20 && c <= 0x3f) return 'csi';
        return c === ESC ? 'escape' : 'text';
      case 'single':
        return 'text';
      case 'string':
        if (c === BEL || c === 0x9c) return 'text';
        return c === ESC ? 'stringEscape' : 'string';
      case 'stringEscape':
        return c === 0x5c ? 'text' : c === ESC ? 'stringEscape' : 'string';
      default:
        return 'text';
    }
  }
}

/** The state a character starts, or undefined for ordinary text: ESC, or the 8-bit forms of CSI and the strings. */
function introducer(c: number): State | undefined {
  if (c === ESC) return 'escape';
  if (c === 0x9b) return 'csi';
  if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) return 'string';
  return undefined;
}
