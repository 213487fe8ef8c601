import net from 'node:net';

interface Pair {
  client: net.Socket;
  server: net.Socket;
  /** The client's messages so far: the startup message, then its first query (which tells the bus's connections apart). */
  sent: number;
  firstQuery: string;
  /** Nothing passes any more, in either direction, and neither end is told (a dead network path, a NAT that forgot it). */
  silent: boolean;
}

export interface PgProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  /**
   * Makes the connections open now whose first query contains `text` go silent; answers how many. The cluster bus's
   * listening connection starts with `LISTEN `, its sending connection with `pg_notify`.
   */
  silence(text: string): number;
  /**
   * The connection that next sends a message containing `text` goes silent from that message on (the message does
   * not reach the server): a path that dies in the middle of a transaction.
   */
  silenceWhenSent(text: string): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a PostgreSQL server, for tests of what a server copy does when one of its connections
 * goes silent without being closed: packets lost on the way, so the copy's queries wait and no notification comes.
 */
export async function pgProxy(target: string): Promise<PgProxy> {
  const to = new URL(target);
  const pairs = new Set<Pair>();
  let trigger: string | undefined;
  const srv = net.createServer((client) => {
    const server = net.connect(Number(to.port || 5432), to.hostname);
    const pair: Pair = { client, server, sent: 0, firstQuery: '', silent: false };
    pairs.add(pair);
    client.on('data', (d) => {
      if (pair.silent) return;
      if (trigger && d.toString('latin1').includes(trigger)) {
        trigger = undefined;
        pair.silent = true;
        return;
      }
      if (pair.sent++ === 1) pair.firstQuery = d.toString('latin1');
      server.write(d);
    });
    server.on('data', (d) => {
      if (!pair.silent) client.write(d);
    });
    const done = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', done);
    server.on('close', done);
    client.on('error', done);
    server.on('error', done);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((srv.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    silence(text: string) {
      let n = 0;
      for (const p of pairs)
        if (p.firstQuery.includes(text) && !p.silent) {
          p.silent = true;
          n++;
        }
      return n;
    },
    silenceWhenSent(text: string) {
      trigger = text;
    },
    async close() {
      for (const p of pairs) {
        p.client.destroy();
        p.server.destroy();
      }
      await new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}
