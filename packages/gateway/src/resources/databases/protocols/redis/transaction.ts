import type { InspectedMessage } from '../protocol';
import { encodeCommand } from './resp';

const why = 'the gateway refused a command in it';

/**
 * Follows a connection's MULTI … EXEC so that a transaction in which the gateway refused a command is discarded
 * whole, as Redis discards one in which it rejected a command itself: a client that queued SELECT 5 and SET
 * expects its SET to run in database 5 or not at all, never in the database it was left in. Its EXEC goes to the
 * server as DISCARD, and the client reads Redis's own EXECABORT in its place.
 */
export class Transaction {
  private state: 'none' | 'open' | 'refused' = 'none';

  /**
   * Sees a command as the gateway decided it (`name` upper-cased); answers the message to act on, which is
   * `message` but for the EXEC of a transaction in which a command was refused.
   */
  see(name: string, message: InspectedMessage): InspectedMessage {
    if (this.state === 'none') {
      if (name === 'MULTI' && !message.refused) this.state = 'open';
      return message;
    }
    if (name === 'EXEC' || name === 'DISCARD') {
      const refused = this.state === 'refused';
      this.state = 'none';
      if (!refused || name === 'DISCARD') return message;
      return {
        ...message,
        refused: {
          reason: `the transaction was discarded: ${why}`,
          reply: Buffer.from(`-EXECABORT Transaction discarded because of previous errors: ${why}\r\n`),
          instead: { bytes: encodeCommand(['DISCARD']) },
        },
      };
    }
    if (message.refused) this.state = 'refused';
    return message;
  }
}
