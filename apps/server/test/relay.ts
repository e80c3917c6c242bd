import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL, on 127.0.0.1, that a test freezes (bytes are held,
 * connections stay open, as when the database's processes are stopped or the network partitioned)
 * and thaws (what was held goes through, as after the partition heals), or that loses one
 * connection for good while the others work.
 */
export function freezableRelay(target: URL) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  /** Connections whose bytes are dropped for good, while they stay open. */
  const silenced = new Set<net.Socket>();
  /** A connection that sends a query matching this goes silent (the query is never delivered). */
  let silenceOn: RegExp | null = null;
  /** What each connection sent (the start of it), to pick connections by what they did. */
  const sent = new Map<net.Socket, string>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (from === client)
          sent.set(client, ((sent.get(client) ?? '') + chunk.toString('latin1')).slice(0, 65_536));
        if (from === client && silenceOn?.test(chunk.toString('latin1'))) {
          silenceOn = null;
          silenced.add(client);
        }
        const send = () => {
          if (!to.destroyed && !silenced.has(client)) to.write(chunk);
        };
        if (frozen) held.push(send);
        else send();
      });
    forward(client, upstream);
    forward(upstream, client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      sent.delete(client);
    };
    for (const s of [client, upstream]) {
      s.on('error', drop);
      s.on('close', drop);
    }
  });
  return {
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    /** The open connections that sent a matching query go silent for good; answers how many. */
    silenceConnectionsThatSent(pattern: RegExp): number {
      let count = 0;
      for (const [client, text] of sent) {
        if (!client.destroyed && pattern.test(text)) {
          silenced.add(client);
          count++;
        }
      }
      return count;
    },
    /** The next connection to send a matching query goes silent for good (the database lost it). */
    silenceOnQuery(pattern: RegExp) {
      silenceOn = pattern;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
