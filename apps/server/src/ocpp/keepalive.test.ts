import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { KeepAlive, type Pinged } from './keepalive';

/** A socket that counts its pings and terminations. */
function aSocket(readyState: number = WebSocket.OPEN) {
  const socket = {
    readyState,
    pings: 0,
    terminated: 0,
    ping() {
      socket.pings++;
    },
    terminate() {
      socket.terminated++;
    },
  };
  const pinged: Pinged = { socket: socket as unknown as WebSocket, awaitingPong: false, heard: false };
  return { socket, pinged };
}

describe('the keep-alive: one timer pings every socket once per interval', () => {
  // One tick a second here (the node ticks ten times a second): tick n is second n.
  let keepAlive: KeepAlive | undefined;
  afterEach(() => keepAlive?.close());

  it('pings a new socket one interval after it came, then once every interval', () => {
    keepAlive = new KeepAlive(3, 1);
    const a = aSocket();
    keepAlive.add(a.pinged);

    keepAlive.tick(); // second 1
    keepAlive.tick(); // second 2
    expect(a.socket.pings).toBe(0);
    keepAlive.tick(); // second 3: its turn
    expect(a.socket.pings).toBe(1);
    expect(a.pinged.awaitingPong).toBe(true);

    a.pinged.awaitingPong = false; // the pong
    keepAlive.tick();
    keepAlive.tick();
    expect(a.socket.pings).toBe(1);
    keepAlive.tick();
    expect(a.socket.pings).toBe(2);
    expect(a.socket.terminated).toBe(0);
  });

  it('spreads sockets over the ticks of the interval: those that came in different ticks are pinged in different ones', () => {
    keepAlive = new KeepAlive(2, 1);
    const a = aSocket();
    const b = aSocket();
    keepAlive.add(a.pinged);
    keepAlive.tick();
    keepAlive.add(b.pinged);

    keepAlive.tick();
    expect([a.socket.pings, b.socket.pings]).toEqual([1, 0]);
    keepAlive.tick();
    expect([a.socket.pings, b.socket.pings]).toEqual([1, 1]);
    expect(keepAlive.size).toBe(2);
  });

  it('terminates a socket that has not answered its last ping when its turn comes again, and pings no more', () => {
    keepAlive = new KeepAlive(1, 1);
    const silent = aSocket();
    const alive = aSocket();
    keepAlive.add(silent.pinged);
    keepAlive.add(alive.pinged);

    keepAlive.tick();
    alive.pinged.awaitingPong = false;
    keepAlive.tick();

    expect(silent.socket).toMatchObject({ pings: 1, terminated: 1 });
    expect(alive.socket).toMatchObject({ pings: 2, terminated: 0 });
  });

  it('skips a socket that is closing, and forgets a removed one', () => {
    keepAlive = new KeepAlive(1, 1);
    const closing = aSocket(WebSocket.CLOSING);
    const gone = aSocket();
    keepAlive.add(closing.pinged);
    keepAlive.add(gone.pinged);
    keepAlive.remove(gone.pinged);

    keepAlive.tick();
    keepAlive.tick();

    expect(closing.socket).toMatchObject({ pings: 0, terminated: 0 });
    expect(gone.socket).toMatchObject({ pings: 0, terminated: 0 });
    expect(keepAlive.size).toBe(1);
  });

  it('skips the ping of a socket heard from since its last turn; pings it once silent, terminates it a turn later', () => {
    keepAlive = new KeepAlive(1, 1);
    const talking = aSocket();
    keepAlive.add(talking.pinged);

    // Its turn comes with a message since the last: no ping, and an unanswered ping is forgiven.
    talking.pinged.awaitingPong = true;
    talking.pinged.heard = true;
    keepAlive.tick();
    expect(talking.socket).toMatchObject({ pings: 0, terminated: 0 });
    expect(talking.pinged).toMatchObject({ heard: false, awaitingPong: false });

    // A turn with a message again, then one of silence: pinged.
    talking.pinged.heard = true;
    keepAlive.tick();
    keepAlive.tick();
    expect(talking.socket).toMatchObject({ pings: 1, terminated: 0 });

    // No pong and nothing said by its next turn: terminated.
    keepAlive.tick();
    expect(talking.socket).toMatchObject({ pings: 1, terminated: 1 });
  });

  it('terminates a socket whose ping throws', () => {
    keepAlive = new KeepAlive(1, 1);
    const broken = aSocket();
    broken.socket.ping = () => {
      throw new Error('write after end');
    };
    keepAlive.add(broken.pinged);

    keepAlive.tick();

    expect(broken.socket.terminated).toBe(1);
  });

  it('at ten ticks a second, pings a socket once per interval, a tenth of the sockets per tick', () => {
    keepAlive = new KeepAlive(1, 10);
    const sockets = Array.from({ length: 10 }, () => aSocket());
    for (const s of sockets) {
      keepAlive.add(s.pinged);
      keepAlive.tick();
    }
    // Each came in its own tick: over the next ten ticks (every pong answered), one is pinged per tick.
    const pingsPerTick: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const s of sockets) s.pinged.awaitingPong = false;
      const before = sockets.reduce((n, s) => n + s.socket.pings, 0);
      keepAlive.tick();
      pingsPerTick.push(sockets.reduce((n, s) => n + s.socket.pings, 0) - before);
    }
    expect(pingsPerTick).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(sockets.map((s) => s.socket.terminated)).toEqual(Array(10).fill(0));
  });
});
