import type { LiveClientMessage } from '@recarga/contracts/live';
import { liveCloseCodes, parseLiveTopic, type LiveTopic } from '@recarga/contracts/live-topics';

/**
 * The live connection (002 §4 "Live updates", §7 "Session and live"): one websocket per signed-in
 * tab, opened with `?platform=DASHBOARD` and authorised by its first message, `{ action: 'authenticate',
 * token }` (the token stays out of the address, so out of proxies' logs). Topics are subscribed after every
 * (re)connection; "delayed" topics (per-station and per-connector status) only once the connection
 * has been open for `delayedAfterMs` (spec: 5 seconds). A lost connection is retried with an
 * exponential backoff; `stop()` (sign-out) closes it for good.
 */

/** The part of the browser WebSocket this client uses (a fake in unit tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type LiveState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface LiveMessage {
  topic: string;
  /** The parsed topic; null for a topic this client does not know. */
  parsed: LiveTopic | null;
  data: unknown;
}

interface LiveClientOptions {
  /** Websocket address (e.g. `wss://host/live`). */
  url: string;
  token: string;
  createSocket?: (url: string) => LiveSocket;
  /** Delay of the per-station topics after a connection opened (default 5000 ms). */
  delayedAfterMs?: number;
  /** First reconnect delay; doubles up to `maxBackoffMs` (defaults 1000 and 30000 ms). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Called when the server ended the connection because the session ended (no reconnect). */
  onSessionEnded?: () => void;
}

const OPEN = 1;

/** `wss://host/live?platform=DASHBOARD` (keeps any query the address already has). */
export function liveSocketUrl(base: string): string {
  const url = new URL(base);
  url.searchParams.set('platform', 'DASHBOARD');
  return url.toString();
}

/** Backoff before reconnect attempt `attempt` (0-based): initial × 2^attempt, capped. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 20));
}

export class LiveClient {
  private socket: LiveSocket | null = null;
  private state: LiveState = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private delayedTimer: ReturnType<typeof setTimeout> | null = null;
  private delayedReady = false;
  private readonly immediate = new Set<string>();
  private readonly delayed = new Set<string>();
  private readonly listeners = new Set<(message: LiveMessage) => void>();
  private readonly stateListeners = new Set<(state: LiveState) => void>();
  private readonly opts: Required<Omit<LiveClientOptions, 'onSessionEnded'>> & Pick<LiveClientOptions, 'onSessionEnded'>;

  constructor(options: LiveClientOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
      delayedAfterMs: 5000,
      initialBackoffMs: 1000,
      maxBackoffMs: 30_000,
      ...options,
    };
  }

  get currentState(): LiveState {
    return this.state;
  }

  /** Topics sent on every connection as soon as it opens. */
  subscribe(topic: string): void {
    if (this.immediate.has(topic)) return;
    this.immediate.add(topic);
    this.delayed.delete(topic);
    if (this.isOpen()) this.send({ action: 'subscribe', topic });
  }

  /** Topics sent on every connection once it has been open for the delay. */
  subscribeDelayed(topic: string): void {
    if (this.immediate.has(topic) || this.delayed.has(topic)) return;
    this.delayed.add(topic);
    if (this.isOpen() && this.delayedReady) this.send({ action: 'subscribe', topic });
  }

  unsubscribe(topic: string): void {
    const known = this.immediate.delete(topic) || this.delayed.delete(topic);
    if (known && this.isOpen()) this.send({ action: 'unsubscribe', topic });
  }

  /** Topics currently wanted (immediate and delayed). */
  topics(): string[] {
    return [...this.immediate, ...this.delayed];
  }

  onMessage(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.connect();
  }

  /** Closes the connection for good (sign-out); no reconnect. */
  stop(): void {
    if (this.state === 'stopped') return;
    this.clearTimers();
    this.setState('stopped');
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = null;
      socket.onclose = null;
      try {
        socket.close(1000, 'Signed out');
      } catch {
        // already closing
      }
    }
  }

  private isOpen(): boolean {
    return this.state === 'open' && this.socket?.readyState === OPEN;
  }

  private setState(state: LiveState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.delayedTimer) clearTimeout(this.delayedTimer);
    this.reconnectTimer = null;
    this.delayedTimer = null;
  }

  private send(message: LiveClientMessage) {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // The close handler reconnects and subscribes again.
    }
  }

  private connect() {
    this.setState('connecting');
    this.delayedReady = false;
    let socket: LiveSocket;
    try {
      socket = this.opts.createSocket(liveSocketUrl(this.opts.url));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setState('open');
      // The server handles messages in order: the token first, then the subscriptions.
      this.send({ action: 'authenticate', token: this.opts.token });
      for (const topic of this.immediate) this.send({ action: 'subscribe', topic });
      this.delayedTimer = setTimeout(() => {
        this.delayedTimer = null;
        if (this.socket !== socket || !this.isOpen()) return;
        this.delayedReady = true;
        for (const topic of this.delayed) this.send({ action: 'subscribe', topic });
      }, this.opts.delayedAfterMs);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.dispatch(event.data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (event.code === liveCloseCodes.sessionEnded) {
        this.setState('stopped');
        this.opts.onSessionEnded?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.state === 'stopped') return;
    this.setState('waiting');
    const delay = backoffDelay(this.attempt, this.opts.initialBackoffMs, this.opts.maxBackoffMs);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state !== 'stopped') this.connect();
    }, delay);
  }

  private dispatch(raw: unknown) {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { topic, data } = message as { topic?: unknown; data?: unknown };
    // Acknowledgements ({topic, subscribed}) and errors ({error}) carry no data.
    if (typeof topic !== 'string' || !('data' in message)) return;
    const live: LiveMessage = { topic, parsed: parseLiveTopic(topic), data };
    for (const listener of this.listeners) listener(live);
  }
}
