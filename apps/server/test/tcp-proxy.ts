import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a database, for tests that cut the server off from it. `cut('refuse')` drops every open
 * connection and refuses new ones (the database stopped); `cut('black-hole')` keeps connections open but carries
 * nothing either way, and accepts new ones that never reach the database (a network that lost its route: nothing
 * tells the client, only its own timers can). `restore()` carries traffic again; connections black-holed meanwhile are
 * dropped then, as a firewall forgets them.
 */
export interface TcpProxy {
  port: number;
  cut(how: 'refuse' | 'black-hole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();
  let state: 'open' | 'refuse' | 'black-hole' = 'open';
  let server: Server;
  let port = 0;

  const onConnection = (client: Socket) => {
    client.on('error', () => {});
    if (state === 'black-hole') {
      held.add(client);
      client.on('close', () => held.delete(client));
      client.resume(); // read and throw away, as a black hole does
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('data', (chunk: Buffer) => state === 'open' && upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => state === 'open' && client.write(chunk));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    for (const socket of held) socket.destroy();
  };

  await listen();
  return {
    port,
    async cut(how) {
      state = how;
      if (how === 'refuse') {
        dropAll();
        await stopListening();
      }
    },
    async restore() {
      const was = state;
      state = 'open';
      if (was === 'refuse') await listen();
      // Whatever was said into the black hole is lost: those connections cannot carry on where they were.
      if (was === 'black-hole') dropAll();
    },
    async close() {
      dropAll();
      if (state !== 'refuse') await stopListening();
    },
  };
}
