import { connect, ErrorCode, JSONCodec, type NatsConnection, type NatsError, type Subscription } from 'nats';
import { BusNoResponderError, BusTimeoutError, type Bus } from './bus';

const codec = JSONCodec<unknown>();

/** A responder's failure, carried back to the requester as data (NATS replies are bytes). */
interface FailedReply {
  __busError: string;
}

function isFailedReply(v: unknown): v is FailedReply {
  return typeof v === 'object' && v !== null && typeof (v as FailedReply).__busError === 'string';
}

export class BusUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`NATS_URL: cannot reach the NATS server at ${url} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

/**
 * The Bus over NATS, for a cluster of nodes: subjects are NATS subjects (same wildcards), data
 * travels as JSON, request/reply is NATS request/reply. The node holding a charge point's socket
 * answers `ocpp.cp.<id>`; any node may ask. Subscriber and responder failures stay on their node,
 * as with the in-process bus.
 */
export class NatsBus implements Bus {
  private readonly responders = new Map<string, Subscription>();
  private readonly subs = new Set<Subscription>();

  private constructor(private readonly nc: NatsConnection) {}

  /** Connects (and keeps reconnecting for the node's lifetime); fails at once when the server cannot be reached. */
  static async connect(url: string, nodeName: string): Promise<NatsBus> {
    try {
      const nc = await connect({ servers: url, name: `recarga-${nodeName}`, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
      return new NatsBus(nc);
    } catch (err) {
      throw new BusUnreachableError(url, err);
    }
  }

  publish(subject: string, data: unknown): void {
    this.nc.publish(subject, codec.encode(data));
  }

  subscribe(subject: string, handler: (data: unknown, subject: string) => void): () => void {
    const sub = this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        try {
          handler(codec.decode(msg.data), msg.subject);
        } catch {
          /* a subscriber's failure is its own */
        }
      },
    });
    this.subs.add(sub);
    return () => {
      this.subs.delete(sub);
      sub.unsubscribe();
    };
  }

  respond(subject: string, handler: (data: unknown) => Promise<unknown>): () => void {
    // One responder per subject on this node: a new one replaces the old.
    this.responders.get(subject)?.unsubscribe();
    const sub = this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        void (async () => {
          let reply: unknown;
          try {
            reply = await handler(codec.decode(msg.data));
          } catch (e) {
            reply = { __busError: e instanceof Error ? e.message : String(e) } satisfies FailedReply;
          }
          msg.respond(codec.encode(reply ?? null));
        })();
      },
    });
    this.responders.set(subject, sub);
    return () => {
      if (this.responders.get(subject) === sub) this.responders.delete(subject);
      sub.unsubscribe();
    };
  }

  async request(subject: string, data: unknown, timeoutMs: number): Promise<unknown> {
    let reply: unknown;
    try {
      const msg = await this.nc.request(subject, codec.encode(data), { timeout: timeoutMs });
      reply = codec.decode(msg.data);
    } catch (err) {
      const code = (err as NatsError).code;
      if (code === ErrorCode.NoResponders) throw new BusNoResponderError(subject);
      if (code === ErrorCode.Timeout) throw new BusTimeoutError(subject, timeoutMs);
      throw err;
    }
    if (isFailedReply(reply)) throw new Error(reply.__busError);
    return reply;
  }

  async close(): Promise<void> {
    this.responders.clear();
    this.subs.clear();
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
