import { ProtocolError } from '../protocol';
import { splitArgs } from './args';

/** One command as the client sent it: its exact bytes, and its arguments (the command's name first; none for an empty line). */
export interface ClientCommand {
  bytes: Buffer;
  args: Buffer[];
  /** Sent as a space-separated line (telnet) rather than a RESP array. */
  inline: boolean;
}

// Redis's own limits (proto-max-bulk-len, the multibulk count, PROTO_INLINE_MAX_SIZE, client-query-buffer-limit).
const maxBulkLength = 512 * 1024 * 1024;
const maxArrayLength = 1024 * 1024;
const maxInlineLength = 64 * 1024;
const maxCommandLength = 1024 * 1024 * 1024;
const maxDigits = 10;

const STAR = 0x2a;
const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;
const MINUS = 0x2d;
/** Bytes that begin a RESP reply or value, never a command: a client sending one has lost its framing. */
const replyMarkers = new Set([...'$+-:_,#!=(%~>|'].map((c) => c.charCodeAt(0)));

const START = 0;
const INLINE = 1;
const ARRAY_LENGTH = 2;
const BULK_MARKER = 3;
const BULK_LENGTH = 4;
const BULK_DATA = 5;
const BULK_CR = 6;
const BULK_LF = 7;

/**
 * Splits a client's bytes into Redis commands, keeping its place across chunks so a command may arrive a byte
 * at a time. A command within one chunk is answered as a view of that chunk; only a command spanning chunks is
 * copied, once, when it completes.
 */
export class CommandReader {
  private state = START;
  /** Earlier chunks' bytes of the command being read. */
  private pieces: Buffer[] = [];
  private piecesLength = 0;
  /** [start, end) of each argument read so far, counted from the command's first byte. */
  private bounds: number[] = [];
  private argsLeft = 0;
  private bulkLeft = 0;
  // The decimal number being read, which may itself be split across chunks.
  private number = 0;
  private digits = 0;
  private negative = false;
  private sawCR = false;
  private numberDone = false;

  push(chunk: Buffer): ClientCommand[] {
    const commands: ClientCommand[] = [];
    let start = 0;
    let pos = 0;
    const len = chunk.length;
    while (pos < len) {
      switch (this.state) {
        case START: {
          const b = chunk[pos]!;
          if (b === STAR) {
            this.state = ARRAY_LENGTH;
            this.resetNumber();
            pos++;
          } else if (replyMarkers.has(b) || (b < 0x20 && b !== CR && b !== LF && b !== 0x09) || b >= 0x7f) {
            throw new ProtocolError(
              `expected a Redis command, got a byte 0x${b.toString(16).padStart(2, '0')}`,
            );
          } else this.state = INLINE;
          break;
        }
        case INLINE: {
          const lf = chunk.indexOf(LF, pos);
          const lineLength = this.piecesLength + (lf < 0 ? len : lf) - start;
          if (lineLength > maxInlineLength) throw new ProtocolError('an inline command longer than 64 KiB');
          if (lf < 0) {
            pos = len;
            break;
          }
          pos = lf + 1;
          const bytes = this.take(chunk, start, pos);
          const lineEnd = lineLength > 0 && bytes[lineLength - 1] === CR ? lineLength - 1 : lineLength;
          const args = splitArgs(bytes.subarray(0, lineEnd));
          if (!args) throw new ProtocolError('unbalanced quotes in an inline command');
          commands.push({ bytes, args, inline: true });
          start = pos;
          break;
        }
        case ARRAY_LENGTH: {
          pos = this.readNumber(chunk, pos);
          if (!this.numberDone) break;
          const count = this.negative ? -this.number : this.number;
          if (count < -1 || count > maxArrayLength)
            throw new ProtocolError(`invalid command array length ${count}`);
          if (count <= 0) {
            // Redis ignores an empty or null array.
            commands.push({ bytes: this.take(chunk, start, pos), args: [], inline: false });
            start = pos;
          } else {
            this.argsLeft = count;
            this.state = BULK_MARKER;
          }
          break;
        }
        case BULK_MARKER: {
          const b = chunk[pos++]!;
          if (b !== DOLLAR)
            throw new ProtocolError(
              `expected '$' before a command argument, got '${String.fromCharCode(b)}'`,
            );
          this.state = BULK_LENGTH;
          this.resetNumber();
          break;
        }
        case BULK_LENGTH: {
          pos = this.readNumber(chunk, pos);
          if (!this.numberDone) break;
          // A null bulk string ($-1) is a reply, never an argument: Redis refuses it too.
          if (this.negative || this.number > maxBulkLength)
            throw new ProtocolError(`invalid bulk length ${this.negative ? '-' : ''}${this.number}`);
          const at = this.piecesLength + pos - start;
          if (at + this.number > maxCommandLength) throw new ProtocolError('a command longer than 1 GiB');
          this.bounds.push(at, at + this.number);
          this.bulkLeft = this.number;
          this.state = BULK_DATA;
          break;
        }
        case BULK_DATA: {
          const step = Math.min(this.bulkLeft, len - pos);
          pos += step;
          this.bulkLeft -= step;
          if (this.bulkLeft === 0) this.state = BULK_CR;
          break;
        }
        case BULK_CR:
          if (chunk[pos++] !== CR) throw new ProtocolError('a command argument longer than its length said');
          this.state = BULK_LF;
          break;
        case BULK_LF: {
          if (chunk[pos++] !== LF) throw new ProtocolError('a command argument not ended by CRLF');
          if (--this.argsLeft > 0) {
            this.state = BULK_MARKER;
            break;
          }
          const bytes = this.take(chunk, start, pos);
          const args: Buffer[] = new Array(this.bounds.length / 2);
          for (let i = 0; i < args.length; i++)
            args[i] = bytes.subarray(this.bounds[2 * i], this.bounds[2 * i + 1]);
          this.bounds.length = 0;
          commands.push({ bytes, args, inline: false });
          start = pos;
          break;
        }
      }
    }
    if (this.state !== START && start < len) {
      this.pieces.push(chunk.subarray(start));
      this.piecesLength += len - start;
    }
    return commands;
  }

  /** The finished command's bytes, and a fresh start for the next one. */
  private take(chunk: Buffer, start: number, end: number): Buffer {
    this.state = START;
    if (this.pieces.length === 0) return chunk.subarray(start, end);
    this.pieces.push(chunk.subarray(start, end));
    const bytes = Buffer.concat(this.pieces, this.piecesLength + end - start);
    this.pieces = [];
    this.piecesLength = 0;
    return bytes;
  }

  private resetNumber() {
    this.number = 0;
    this.digits = 0;
    this.negative = false;
    this.sawCR = false;
    this.numberDone = false;
  }

  /** Reads a CRLF-ended decimal from `pos`, setting numberDone once it is whole. Answers where it stopped. */
  private readNumber(chunk: Buffer, pos: number): number {
    while (pos < chunk.length) {
      const b = chunk[pos++]!;
      if (this.sawCR) {
        if (b !== LF) throw new ProtocolError('a length not ended by CRLF');
        if (this.digits === 0) throw new ProtocolError('a missing length');
        this.numberDone = true;
        return pos;
      }
      if (b === CR) this.sawCR = true;
      else if (b === MINUS && this.digits === 0 && !this.negative) this.negative = true;
      else if (
        b >= 0x30 &&
        b <= 0x39 &&
        this.digits < maxDigits &&
        !(this.digits === 1 && this.number === 0)
      ) {
        this.number = this.number * 10 + b - 0x30;
        this.digits++;
      } else throw new ProtocolError(`a length that is not a number (byte '${String.fromCharCode(b)}')`);
    }
    return pos;
  }
}
