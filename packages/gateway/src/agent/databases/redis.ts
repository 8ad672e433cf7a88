import type { Socket } from 'node:net';
import { encodeCommand, ReplyReader, type Reply } from '../../resources/databases/protocols/redis/resp';
import { LoginError, type Login } from './login';

/**
 * Logs in to Redis: AUTH as the user when the agent holds a password (the one-argument form for 'default', which
 * servers before Redis 6 and requirepass setups also accept), PING otherwise to prove the default user may work
 * without one, then SELECT the database. The commands go in one write; nothing of the server's is the client's.
 */
export const redisLogin: Login = async (socket, { user, database, password }) => {
  const commands: string[][] = [];
  if (password !== undefined)
    commands.push(user === 'default' ? ['AUTH', password] : ['AUTH', user, password]);
  else if (user !== 'default') throw new LoginError(`the agent holds no password for Redis user ${user}`);
  else commands.push(['PING']);
  if (database !== '0') commands.push(['SELECT', database]);
  const replies = await exchange(socket, commands);
  for (const reply of replies) if (reply.type === 'error') throw new LoginError(reply.text);
  const expected = password !== undefined ? 'OK' : 'PONG';
  const first = replies[0]!;
  if (first.type !== 'simple' || first.text !== expected)
    throw new LoginError(`Redis answered the login with something other than ${expected}`);
  return Buffer.alloc(0);
};

/** Sends the commands and reads their replies, leaving the socket paused for whoever relays it next. */
function exchange(socket: Socket, commands: string[][]): Promise<Reply[]> {
  return new Promise((resolve, reject) => {
    const reader = new ReplyReader();
    const replies: Reply[] = [];
    const done = (err?: Error) => {
      socket.off('data', onData).off('close', onClose).off('error', onError);
      socket.pause();
      if (err) reject(err);
      else resolve(replies);
    };
    const onData = (chunk: Buffer) => {
      try {
        replies.push(...reader.push(chunk));
      } catch {
        return done(new LoginError('the database did not answer as Redis does'));
      }
      if (replies.length >= commands.length) done();
    };
    const onClose = () => done(new LoginError('Redis closed the connection during the login'));
    const onError = () => done(new LoginError('the connection to Redis failed during the login'));
    socket.on('data', onData).on('close', onClose).on('error', onError);
    socket.write(Buffer.concat(commands.map(encodeCommand)));
  });
}
