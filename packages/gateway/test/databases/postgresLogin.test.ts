/**
 * The agent's PostgreSQL password exchanges. The real server here trusts 127.0.0.1 and never asks for a password,
 * so these run against a STAND-IN server below that plays PostgreSQL's side of cleartext, MD5 and SCRAM-SHA-256
 * (verifying the client's proof from a verifier, as PostgreSQL does), plus the RFC 7677 test vector.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import net from 'node:net';
import { LoginError } from '../../src/agent/databases/login';
import { postgresLogin } from '../../src/agent/databases/postgres';
import { ScramClient } from '../../src/agent/databases/scram';

test('SCRAM-SHA-256 gives the RFC 7677 test vector', async () => {
  const scram = new ScramClient('pencil', 'user', 'rOprNGfwEbeRWgbNEkqO');
  expect(scram.first).toBe('n,,n=user,r=rOprNGfwEbeRWgbNEkqO');
  const serverFirst =
    'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096';
  expect(await scram.final(serverFirst)).toBe(
    'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=',
  );
  expect(scram.verify('v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=')).toBe(true);
  expect(scram.verify('v=7rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=')).toBe(false);
  await expect(new ScramClient('pencil', 'user', 'abc').final('r=xyz,s=AAAA,i=4096')).rejects.toThrow(
    'the database sent a malformed SCRAM challenge',
  );
});

type Method = 'cleartext' | 'md5' | 'scram' | 'scram-impostor';
const password = 'correct horse';
const frame = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const authentication = (code: number, data: Buffer = Buffer.alloc(0)) => {
  const body = Buffer.alloc(4 + data.length);
  body.writeInt32BE(code);
  data.copy(body, 4);
  return frame('R', body);
};
const failure = (text: string) => frame('E', Buffer.from(`SFATAL\0C28P01\0M${text}\0\0`));
/** What a server says after AuthenticationOk, up to ReadyForQuery. */
const afterLogin = Buffer.concat([
  frame('S', Buffer.from('server_version\x0015.0\0')),
  frame('K', Buffer.alloc(8, 7)),
  frame('Z', Buffer.from('I')),
]);
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

interface StandIn {
  port: number;
  startups: Array<Record<string, string>>;
  /** The server's end of the last login, for writing past it. */
  last?: net.Socket;
  close(): Promise<void>;
}

/** A stand-in PostgreSQL asking every login for `method`, with `password` for user alice. */
async function startStandIn(method: Method): Promise<StandIn> {
  const standIn: StandIn = { port: 0, startups: [], close: async () => undefined };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    standIn.last = socket;
    sockets.add(socket);
    let buffered = Buffer.alloc(0);
    let wake = () => undefined as void;
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      wake();
    });
    const take = async (n: number) => {
      while (buffered.length < n) await new Promise<void>((resolve) => (wake = resolve));
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return out;
    };
    /** The body of the next password message ('p'). */
    const response = async () => {
      const head = await take(5);
      expect(head.toString('latin1', 0, 1)).toBe('p');
      return take(head.readInt32BE(1) - 4);
    };
    void (async () => {
      const length = (await take(4)).readInt32BE();
      const startup = (await take(length - 4)).subarray(4).toString().split('\0');
      const parameters: Record<string, string> = {};
      for (let i = 0; startup[i]; i += 2) parameters[startup[i]!] = startup[i + 1]!;
      standIn.startups.push(parameters);
      const ok = Buffer.concat([authentication(0), afterLogin]);
      if (method === 'cleartext') {
        socket.write(authentication(3));
        return socket.write(
          (await response()).toString() === `${password}\0`
            ? ok
            : failure('password authentication failed for user "alice"'),
        );
      }
      if (method === 'md5') {
        const salt = randomBytes(4);
        socket.write(authentication(5, salt));
        const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');
        const expected = `md5${md5(Buffer.concat([Buffer.from(md5(password + 'alice')), salt]))}\0`;
        return socket.write(
          (await response()).toString() === expected
            ? ok
            : failure('password authentication failed for user "alice"'),
        );
      }
      // SCRAM, as PostgreSQL keeps it: only StoredKey and ServerKey, from which the client's proof is checked.
      const salt = randomBytes(16);
      const salted = pbkdf2Sync(password, salt, 4096, 32, 'sha256');
      const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
      const serverKey = hmac(salted, 'Server Key');
      socket.write(authentication(10, Buffer.from('SCRAM-SHA-256-PLUS\0SCRAM-SHA-256\0\0')));
      const initial = await response();
      const mechanismEnd = initial.indexOf(0);
      expect(initial.toString('utf8', 0, mechanismEnd)).toBe('SCRAM-SHA-256');
      const clientFirst = initial.toString('utf8', mechanismEnd + 5);
      expect(clientFirst.startsWith('n,,n=alice,r=')).toBe(true);
      const serverFirst = `r=${clientFirst.slice('n,,n=alice,r='.length)}${randomBytes(9).toString('base64')},s=${salt.toString('base64')},i=4096`;
      socket.write(authentication(11, Buffer.from(serverFirst)));
      const clientFinal = (await response()).toString();
      const [withoutProof, proof] = clientFinal.split(',p=') as [string, string];
      const authMessage = `${clientFirst.slice(3)},${serverFirst},${withoutProof}`;
      const signature = hmac(storedKey, authMessage);
      const clientKey = Buffer.from(proof, 'base64').map((b, i) => b ^ signature[i]!);
      if (!createHash('sha256').update(clientKey).digest().equals(storedKey))
        return socket.write(failure('password authentication failed for user "alice"'));
      const serverSignature = method === 'scram-impostor' ? randomBytes(32) : hmac(serverKey, authMessage);
      socket.write(
        Buffer.concat([authentication(12, Buffer.from(`v=${serverSignature.toString('base64')}`)), ok]),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as net.AddressInfo).port;
  standIn.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}

async function login(standIn: StandIn, pass?: string) {
  const socket = net.connect(standIn.port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  const request = {
    user: 'alice',
    database: 'shop',
    upstream: { parameters: { application_name: 'psql' } },
    ...(pass !== undefined && { password: pass }),
  };
  return { socket, result: postgresLogin(socket, request) };
}

describe.each(['cleartext', 'md5', 'scram'] as const)('%s', (method) => {
  let standIn: StandIn;
  beforeAll(async () => (standIn = await startStandIn(method)));
  afterAll(() => standIn.close());

  test('the right password logs in; the bytes after AuthenticationOk, sent in the same chunk, are handed over and the rest follows', async () => {
    const { socket, result } = await login(standIn, password);
    try {
      expect(await result).toEqual(afterLogin);
      expect(standIn.startups.at(-1)).toEqual({ application_name: 'psql', user: 'alice', database: 'shop' });
      // The login leaves the socket paused: whoever takes it over listens, then resumes (pipe() does both).
      const later = new Promise<Buffer>((resolve) => socket.once('data', resolve));
      socket.resume();
      standIn.last!.write('later');
      expect((await later).toString()).toBe('later');
    } finally {
      socket.destroy();
    }
  });

  test('a wrong password is refused with the server message', async () => {
    const { socket, result } = await login(standIn, 'wrong');
    await expect(result).rejects.toEqual(new LoginError('password authentication failed for user "alice"'));
    socket.destroy();
  });

  test('no password held is a LoginError saying so', async () => {
    const { socket, result } = await login(standIn);
    await expect(result).rejects.toEqual(
      new LoginError('the database asked for a password the agent does not hold for user alice'),
    );
    socket.destroy();
  });
});

test('a server whose SCRAM signature is wrong is not logged in to', async () => {
  const standIn = await startStandIn('scram-impostor');
  try {
    const { socket, result } = await login(standIn, password);
    await expect(result).rejects.toEqual(
      new LoginError('the database could not prove it knows the password (SCRAM server signature)'),
    );
    socket.destroy();
  } finally {
    await standIn.close();
  }
});
