/**
 * The cluster bench's load balancer: raw TCP pass-through (websockets and HTTP alike), round-robin
 * over the nodes. A node whose connect fails (ECONNREFUSED once it was killed) is skipped for that
 * connection and marked down for a few seconds. Like a proxy's "X-Served-By", it adds one header to
 * the first HTTP response of each connection, `X-Backend: <node>`, so a client knows which node
 * took its socket (the bench counts acknowledgements per node with it).
 *
 * Run as a child process of bench/cluster.ts (one descriptor per side of each connection: a process
 * holds at most `ulimit -n` / 2 connections, so the bench runs several, each on its own port).
 */
import net from 'node:net';

export interface Backend {
  name: string;
  port: number;
}

export interface BalancerCounts {
  /** Connections open now, by node. */
  open: Record<string, number>;
  /** Connections made since the start, by node. */
  opened: Record<string, number>;
  /** Connects a node refused (it was then skipped), by node. */
  refused: Record<string, number>;
  /** Client connections closed because no node took them. */
  unserved: number;
}

/** The header line added to a connection's first response. */
export const BACKEND_HEADER = 'x-backend';
/** Bytes of a first response read while looking for the end of its headers. */
const MAX_HEAD = 16 * 1024;

export class Balancer {
  private readonly server: net.Server;
  private next = 0;
  private readonly downUntil: number[];
  private readonly counts: BalancerCounts;

  constructor(
    private readonly backends: readonly Backend[],
    private readonly downForMs = 5000,
  ) {
    this.downUntil = backends.map(() => 0);
    const zero = () => Object.fromEntries(backends.map((b) => [b.name, 0]));
    this.counts = { open: zero(), opened: zero(), refused: zero(), unserved: 0 };
    this.server = net.createServer({ noDelay: true, pauseOnConnect: true }, (client) => this.accept(client));
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      // A deep accept queue, as the nodes ask for: thousands of stations reconnect at the same moment.
      this.server.listen({ port, host: '127.0.0.1', backlog: 16_384 }, () => resolve());
    });
  }

  snapshot(): BalancerCounts {
    return structuredClone(this.counts);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next node in turn that is neither down nor tried already for this connection; a down one when nothing else is left. */
  private pick(tried: Set<number>): number | undefined {
    const now = Date.now();
    for (const upOnly of [true, false]) {
      for (let k = 0; k < this.backends.length; k++) {
        const i = (this.next + k) % this.backends.length;
        if (tried.has(i) || (upOnly && this.downUntil[i]! > now)) continue;
        this.next = (i + 1) % this.backends.length;
        return i;
      }
    }
    return undefined;
  }

  private accept(client: net.Socket) {
    const tried = new Set<number>();
    client.on('error', () => client.destroy());
    const attempt = () => {
      const i = this.pick(tried);
      if (i === undefined) {
        this.counts.unserved++;
        client.destroy();
        return;
      }
      tried.add(i);
      const backend = this.backends[i]!;
      const upstream = net.connect({ port: backend.port, host: '127.0.0.1', noDelay: true });
      const refused = (err: NodeJS.ErrnoException) => {
        upstream.destroy();
        if (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') {
          this.counts.refused[backend.name]!++;
          this.downUntil[i] = Date.now() + this.downForMs;
        }
        if (client.destroyed) return;
        attempt();
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        if (client.destroyed) return upstream.destroy();
        this.connected(client, upstream, backend);
      });
    };
    attempt();
  }

  private connected(client: net.Socket, upstream: net.Socket, backend: Backend) {
    this.counts.open[backend.name]!++;
    this.counts.opened[backend.name]!++;
    upstream.on('error', () => upstream.destroy());
    upstream.once('close', () => {
      this.counts.open[backend.name]!--;
      client.destroy();
    });
    client.once('close', () => upstream.destroy());
    client.pipe(upstream);
    client.resume();
    // The first response's headers get the node's name; everything after passes as it is.
    let head: Buffer = Buffer.alloc(0);
    const onHead = (chunk: Buffer) => {
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const end = head.indexOf('\r\n\r\n');
      if (end < 0 && head.length < MAX_HEAD) return;
      upstream.off('data', onHead);
      const statusEnd = head.indexOf('\r\n');
      const out =
        end < 0 || statusEnd < 0
          ? head
          : Buffer.concat([head.subarray(0, statusEnd + 2), Buffer.from(`X-Backend: ${backend.name}\r\n`), head.subarray(statusEnd + 2)]);
      client.write(out);
      upstream.pipe(client);
    };
    upstream.on('data', onHead);
  }
}

/** Child process of bench/cluster.ts: listens on BALANCER_PORT, reports its counts every second over IPC. */
async function runBalancerProcess(): Promise<void> {
  process.on('disconnect', () => process.exit(0));
  const backends = JSON.parse(process.env.BALANCER_BACKENDS!) as Backend[];
  const balancer = new Balancer(backends, Number(process.env.BALANCER_DOWN_MS ?? 5000));
  await balancer.listen(Number(process.env.BALANCER_PORT));
  process.send!({ type: 'listening' });
  setInterval(() => process.send!({ type: 'counts', counts: balancer.snapshot() }), 1000).unref();
}

if (process.env.BALANCER_PORT && process.send) await runBalancerProcess();
