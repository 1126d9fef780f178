import { WebSocket } from 'ws';

/** A socket the keep-alive pings: `awaitingPong` is set at each ping and cleared by the pong. */
export interface Pinged {
  socket: WebSocket;
  awaitingPong: boolean;
  /**
   * The station said something since its last turn (set by its owner for each message it answers):
   * the socket is alive without a ping, and is not pinged this turn.
   */
  heard?: boolean;
  /** The bucket it is in (set by the keep-alive). */
  bucket?: Set<Pinged>;
}

/**
 * Pings every station socket once per interval, from one timer for the whole node.
 *
 * A loop per socket (ocpp-rpc's, before the central system spoke OCPP-J itself) holds, per socket
 * and per ping, a promise, an abort listener and an event emitter's listeners for the whole
 * interval, long enough to reach the old generation; at 20,000 stations that was about a third of
 * what filled it between major collections. Here the sockets sit in one bucket per tick of the interval (a tenth of a second by
 * default, so that the pings and their pongs come evenly rather than in one burst a second); each tick
 * the timer walks one bucket and pings its sockets, and allocates nothing that outlives the walk. A socket
 * still waiting for the pong of its last ping when its turn comes again is dead: it is terminated
 * (no answer within one interval).
 *
 * A socket that carried a message since its last turn proved itself alive, so its turn passes without
 * a ping: a station that sends a meter value a minute per connector needs few pings, and each ping
 * and pong is a frame written and read as costly to the node's network work as a message. A socket
 * whose station falls silent is pinged at its next turn and terminated at the one after, as before:
 * a dead one is still closed within two intervals of its last sign of life.
 */
export class KeepAlive {
  private readonly buckets: Set<Pinged>[];
  private cursor = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalSeconds: number, ticksPerSecond = 10) {
    const ticks = Math.max(1, Math.round(intervalSeconds * ticksPerSecond));
    this.buckets = Array.from({ length: ticks }, () => new Set<Pinged>());
    this.timer = setInterval(() => this.tick(), 1000 / ticksPerSecond);
    this.timer.unref();
  }

  /** Pinged first one interval from now (its bucket is the one walked last). */
  add(pinged: Pinged): void {
    const bucket = this.buckets[(this.cursor + this.buckets.length - 1) % this.buckets.length]!;
    bucket.add(pinged);
    pinged.bucket = bucket;
  }

  remove(pinged: Pinged): void {
    pinged.bucket?.delete(pinged);
    pinged.bucket = undefined;
  }

  /** Sockets being pinged. */
  get size(): number {
    let n = 0;
    for (const bucket of this.buckets) n += bucket.size;
    return n;
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** Walks the next bucket: a ping for each socket that answered the last one, the end for the others. */
  tick(): void {
    const bucket = this.buckets[this.cursor]!;
    this.cursor = (this.cursor + 1) % this.buckets.length;
    for (const pinged of bucket) {
      const { socket } = pinged;
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (pinged.heard) {
        pinged.heard = false;
        pinged.awaitingPong = false;
        continue;
      }
      if (pinged.awaitingPong) {
        socket.terminate();
        continue;
      }
      pinged.awaitingPong = true;
      try {
        socket.ping();
      } catch {
        socket.terminate();
      }
    }
  }
}
