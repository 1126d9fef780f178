import type { AddressInfo } from 'node:net';
import { RPCServer, createValidator } from 'ocpp-rpc';
import { ocpp15Schemas } from '@recarga/contracts/ocpp15-schemas';

/** A message a charge point sent to the test central system. */
export interface ReceivedCall {
  chargeBoxId: string;
  protocol: string;
  action: string;
  params: Record<string, unknown>;
  at: number;
}

export interface TestCentralSystemOptions {
  /** Heartbeat interval returned by BootNotification (default 300 s). */
  heartbeatInterval?: number;
  bootStatus?: 'Accepted' | 'Pending' | 'Rejected';
  /** Tags answered Invalid (default: any tag starting with "BAD"). */
  isInvalidTag?: (idTag: string) => boolean;
  /** Required HTTP Basic password, if any. */
  password?: string;
  /** Loopback port to listen on (default: any free one). */
  port?: number;
}

interface ServerClient {
  identity: string;
  protocol?: string;
  handle(handler: (call: { method: string; params: Record<string, unknown> }) => Promise<unknown>): void;
  call(method: string, params?: unknown): Promise<unknown>;
  once(event: 'close', listener: () => void): void;
}

/**
 * A minimal OCPP central system on a loopback port, for tests of the simulator: strict schema
 * validation in both directions (OCPP 1.6 from ocpp-rpc, 1.5 from ocpp15-schemas), canned answers
 * to every charge-point message, a log of what arrived and a way to send commands.
 */
export class TestCentralSystem {
  readonly received: ReceivedCall[] = [];
  private readonly clients = new Map<string, ServerClient>();
  private readonly waiters = new Set<() => void>();
  private nextTransactionId = 1000;

  private constructor(
    private readonly server: RPCServer,
    readonly url: string,
  ) {}

  static async start(options: TestCentralSystemOptions = {}): Promise<TestCentralSystem> {
    const server = new RPCServer({
      protocols: ['ocpp1.6', 'ocpp1.5'],
      strictMode: true,
      strictModeValidators: [createValidator('ocpp1.5', ocpp15Schemas as Parameters<typeof createValidator>[1])],
      callTimeoutMs: 5000,
    });
    if (options.password !== undefined) {
      const expected = options.password;
      server.auth((accept, reject, handshake) => {
        if (handshake.password?.toString('utf8') === expected) accept();
        else reject(401, 'Unauthorized');
      });
    }
    const http = await server.listen(options.port ?? 0, '127.0.0.1');
    const { port } = http.address() as AddressInfo;
    const cs = new TestCentralSystem(server, `ws://127.0.0.1:${port}/ocpp`);
    const isInvalid = options.isInvalidTag ?? ((tag: string) => tag.startsWith('BAD'));
    server.on('client', (client: ServerClient) => {
      cs.clients.set(client.identity, client);
      client.once('close', () => {
        if (cs.clients.get(client.identity) === client) cs.clients.delete(client.identity);
      });
      client.handle(async ({ method, params }) => {
        cs.received.push({ chargeBoxId: client.identity, protocol: client.protocol ?? '', action: method, params, at: Date.now() });
        for (const wake of cs.waiters) wake();
        const now = new Date().toISOString();
        const idTagInfo = (tag: unknown) => ({ status: isInvalid(String(tag)) ? 'Invalid' : 'Accepted' });
        switch (method) {
          case 'BootNotification':
            return client.protocol === 'ocpp1.5'
              ? { status: options.bootStatus ?? 'Accepted', currentTime: now, heartbeatInterval: options.heartbeatInterval ?? 300 }
              : { status: options.bootStatus ?? 'Accepted', currentTime: now, interval: options.heartbeatInterval ?? 300 };
          case 'Heartbeat':
            return { currentTime: now };
          case 'Authorize':
            return { idTagInfo: idTagInfo(params.idTag) };
          case 'StartTransaction':
            return { transactionId: cs.nextTransactionId++, idTagInfo: idTagInfo(params.idTag) };
          case 'StopTransaction':
            return params.idTag === undefined ? {} : { idTagInfo: idTagInfo(params.idTag) };
          case 'DataTransfer':
            return { status: 'Accepted' };
          default:
            return {};
        }
      });
    });
    return cs;
  }

  /** Position in the log; pass it to waitFor to only look at later messages. */
  mark(): number {
    return this.received.length;
  }

  /** Messages of one action (optionally from one station), in arrival order. */
  calls(action: string, chargeBoxId?: string, since = 0): ReceivedCall[] {
    return this.received.slice(since).filter((c) => c.action === action && (!chargeBoxId || c.chargeBoxId === chargeBoxId));
  }

  /** Resolves with the first message (at or after `since`) that matches; rejects after `timeoutMs`. */
  async waitFor(
    action: string,
    predicate: (call: ReceivedCall) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedCall> {
    const [first] = await this.waitForCount(action, 1, predicate, options);
    return first!;
  }

  /** Waits until `count` matching messages (at or after `since`) arrived; resolves with the first `count`. */
  waitForCount(
    action: string,
    count: number,
    predicate: (call: ReceivedCall) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedCall[]> {
    const { since = 0, timeoutMs = 5000 } = options;
    const matching = () => this.received.slice(since).filter((c) => c.action === action && predicate(c));
    const now = matching();
    if (now.length >= count) return Promise.resolve(now.slice(0, count));
    return new Promise((resolve, reject) => {
      const wake = () => {
        const hits = matching();
        if (hits.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(hits.slice(0, count));
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`expected ${count} ${action} matching the expectation within ${timeoutMs} ms, got ${matching().length}`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  isConnected(chargeBoxId: string): boolean {
    return this.clients.has(chargeBoxId);
  }

  /** Sends a command to a connected charge point and returns its answer. */
  async command<T = Record<string, unknown>>(chargeBoxId: string, action: string, params: Record<string, unknown> = {}): Promise<T> {
    const client = this.clients.get(chargeBoxId);
    if (!client) throw new Error(`${chargeBoxId} is not connected`);
    return (await client.call(action, params)) as T;
  }

  async close(): Promise<void> {
    await this.server.close({ force: true });
  }
}
