import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveClient, liveSocketUrl, type LiveMessage, type LiveSocket } from './live-client';

class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = { code };
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new LiveClient({
    url: 'ws://app.example.com/live',
    token: 'tok',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { client, sockets };
}

/** The first message of every connection: the session token. */
const auth = { action: 'authenticate', token: 'tok' };

describe('live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the DASHBOARD platform in the address and keeps the token out of it, when the address is built', () => {
    expect(liveSocketUrl('wss://host.example.com/live')).toBe('wss://host.example.com/live?platform=DASHBOARD');
  });

  it('subscribes the base topics at once and the per-station topics 5 s later, when the connection opens', () => {
    const { client, sockets } = setup();
    client.subscribe('KEY/notification/chargeBox');
    client.subscribeDelayed('KEY/chargeBox/CP1/status');
    client.start();

    sockets[0].open();
    expect(sockets[0].sent).toEqual([auth, { action: 'subscribe', topic: 'KEY/notification/chargeBox' }]);

    vi.advanceTimersByTime(4999);
    expect(sockets[0].sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets[0].sent).toEqual([
      auth,
      { action: 'subscribe', topic: 'KEY/notification/chargeBox' },
      { action: 'subscribe', topic: 'KEY/chargeBox/CP1/status' },
    ]);

    client.subscribeDelayed('KEY/chargeBox/CP2/status');
    expect(sockets[0].sent.at(-1)).toEqual({ action: 'subscribe', topic: 'KEY/chargeBox/CP2/status' });
  });

  it('reconnects with a doubling backoff and subscribes again, when the connection is lost', () => {
    const { client, sockets } = setup();
    client.subscribe('KEY/stats');
    client.start();
    sockets[0].drop();
    expect(client.currentState).toBe('waiting');

    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    sockets[1].drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    sockets[2].open();
    expect(sockets[2].sent).toEqual([auth, { action: 'subscribe', topic: 'KEY/stats' }]);
    expect(backoffDelay(10, 1000, 30_000)).toBe(30_000);
  });

  it('closes and never reconnects, when stopped (sign-out) or when the server ends the session', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0].open();
    client.stop();
    expect(sockets[0].closed).toEqual({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    const ended = vi.fn();
    const second = new LiveClient({
      url: 'ws://x/live',
      token: 't',
      createSocket: (url) => (sockets.push(new FakeSocket(url)), sockets.at(-1)!),
      onSessionEnded: ended,
    });
    second.start();
    sockets[1].open();
    sockets[1].drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(ended).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(2);
    expect(second.currentState).toBe('stopped');
  });

  it('hands data messages to listeners with their parsed topic, and ignores acknowledgements', () => {
    const { client, sockets } = setup();
    const received: LiveMessage[] = [];
    client.onMessage((m) => received.push(m));
    client.start();
    sockets[0].open();

    sockets[0].receive({ topic: 'KEY/chargeBox/CP1/connector/2/status', subscribed: true });
    sockets[0].receive({ topic: 'KEY/chargeBox/CP1/connector/2/status', data: { status: 'Faulted' } });

    expect(received).toHaveLength(1);
    expect(received[0].parsed).toEqual({ kind: 'connectorStatus', apiKey: 'KEY', chargeBoxId: 'CP1', connectorId: 2 });
    expect(received[0].data).toEqual({ status: 'Faulted' });
  });
});
