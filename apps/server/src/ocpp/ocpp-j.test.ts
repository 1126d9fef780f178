import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CallTimeout, InvalidResponse, LinkClosed, StationCallError, StationLink, readHandshake, type LinkOwner } from './ocpp-j';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves when `check` holds (polled). */
async function until(check: () => boolean, timeoutMs = 3000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Pair {
  link: StationLink<null>;
  station: WebSocket;
  /** Frames the station received, parsed. */
  frames: unknown[][];
  invalid: string[];
  badAnswers: string[];
  /** The answers the owner gives to the station's CALLs, by message id (a promise each). */
  answers: Map<string, Promise<unknown>>;
  /** Ids of the CALLs handed to the owner, in order. */
  called: string[];
  closedCode: Promise<number>;
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    for (const c of s.clients) c.terminate();
    await new Promise((r) => s.close(r));
  }
});

/** A station socket (plain ws) and the central system's link to it, over loopback. */
async function aPair(callTimeoutMs = 5000): Promise<Pair> {
  const server = new WebSocketServer({ port: 0, handleProtocols: () => 'ocpp1.6' });
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const invalid: string[] = [];
  const badAnswers: string[] = [];
  const answers = new Map<string, Promise<unknown>>();
  const called: string[] = [];
  let lastId = '';
  const owner: LinkOwner<null> = {
    call: (_link, action) => {
      called.push(lastId);
      return answers.get(lastId) ?? Promise.resolve(action === 'Heartbeat' ? { currentTime: '2026-11-26T10:00:00.000Z' } : {});
    },
    invalid: (_link, kind, message) => invalid.push(`${kind}: ${message}`),
    pong: () => undefined,
    closed: () => undefined,
    badAnswer: (_link, action, message) => badAnswers.push(`${action}: ${message}`),
  };
  const linked = new Promise<StationLink<null>>((resolve) =>
    server.once('connection', (ws, _req: IncomingMessage) => {
      const link = new StationLink(ws, 'ocpp1.6', owner, { actions: new Set(['Heartbeat', 'StartTransaction']), callTimeoutMs }, null);
      // The owner picks the answer by the id of the CALL being handled.
      ws.prependListener('message', (data: Buffer) => {
        const match = /^\[2, *"([^"]*)"/.exec(data.toString());
        if (match) lastId = match[1]!;
      });
      resolve(link);
    }),
  );
  const station = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp/A`, ['ocpp1.6']);
  const frames: unknown[][] = [];
  station.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as unknown[]));
  const closedCode = new Promise<number>((resolve) => station.once('close', (code) => resolve(code)));
  await new Promise((r) => station.once('open', r));
  return { link: await linked, station, frames, invalid, badAnswers, answers, called, closedCode };
}

const heartbeat = (id: string) => JSON.stringify([2, id, 'Heartbeat', {}]);

describe('OCPP-J framing of a station socket', () => {
  it('a CALL is answered with its CALLRESULT under the same message id', async () => {
    const p = await aPair();
    p.station.send(heartbeat('h-1'));
    await until(() => p.frames.length === 1);
    expect(p.frames[0]).toEqual([3, 'h-1', { currentTime: '2026-11-26T10:00:00.000Z' }]);
  });

  it('frames that are not OCPP-J messages: FormationViolation under id -1, and the socket answers on', async () => {
    const p = await aPair();
    p.station.send('{"not": "an array"}');
    p.station.send('[5, "x", "Heartbeat", {}]');
    p.station.send('[2, 7, "Heartbeat", {}]');
    p.station.send('[2, "m-1", 42, {}]');
    p.station.send('');
    p.station.send(heartbeat('h-2'));
    await until(() => p.frames.length === 5);
    expect(p.frames).toEqual([
      [4, '-1', 'FormationViolation', 'Message must be an array', {}],
      [4, '-1', 'FormationViolation', 'Unrecognised message type', {}],
      [4, '-1', 'FormationViolation', 'Message ID must be a string', {}],
      [4, 'm-1', 'FormationViolation', 'Method must be a string', {}],
      [3, 'h-2', { currentTime: '2026-11-26T10:00:00.000Z' }],
    ]);
    expect(p.invalid).toHaveLength(4);
  });

  it('a second CALL with the id of one still being handled: GenericError at once, the first answered when done', async () => {
    const p = await aPair();
    const slow = deferred<unknown>();
    p.answers.set('s-1', slow.promise);
    p.station.send(heartbeat('s-1'));
    // The first is with the owner (the link asked for its answer) before the second is sent.
    await until(() => p.called.length === 1);
    p.station.send(heartbeat('s-1'));
    await until(() => p.frames.length === 1);
    expect(p.frames[0]).toEqual([4, 's-1', 'GenericError', 'Already processing a call with message ID: s-1', {}]);
    slow.resolve({ currentTime: '2026-11-26T11:00:00.000Z' });
    await until(() => p.frames.length === 2);
    expect(p.frames[1]).toEqual([3, 's-1', { currentTime: '2026-11-26T11:00:00.000Z' }]);
  });

  it('an answer of ours that breaks its schema: InternalError to the station, and logged', async () => {
    const p = await aPair();
    p.answers.set('b-1', Promise.resolve({ currentTime: 'not a date' }));
    p.station.send(heartbeat('b-1'));
    await until(() => p.frames.length === 1);
    expect(p.frames[0]).toEqual([4, 'b-1', 'InternalError', 'The central system could not process the message', {}]);
    expect(p.badAnswers).toHaveLength(1);
  });

  it('an answer to no CALL of ours: no reply, logged, the socket answers on', async () => {
    const p = await aPair();
    p.station.send('[3, "nobody-asked", {}]');
    p.station.send(heartbeat('h-3'));
    await until(() => p.frames.length === 1);
    expect(p.frames).toEqual([[3, 'h-3', { currentTime: '2026-11-26T10:00:00.000Z' }]]);
    expect(p.invalid).toEqual(['malformed frame: Received CALLRESULT for unrecognised message ID: nobody-asked']);
  });

  it("the central system's CALLs go one at a time: the second is sent when the first is answered", async () => {
    const p = await aPair();
    const first = p.link.call('GetConfiguration', {});
    const second = p.link.call('ClearCache', {});
    await until(() => p.frames.length === 1);
    const [type, id, action] = p.frames[0]!;
    expect([type, action]).toEqual([2, 'GetConfiguration']);
    p.station.send(JSON.stringify([3, id, { configurationKey: [] }]));
    expect(await first).toEqual({ configurationKey: [] });
    await until(() => p.frames.length === 2);
    const [, id2, action2] = p.frames[1]!;
    expect(action2).toBe('ClearCache');
    p.station.send(JSON.stringify([4, id2, 'NotSupported', 'no cache here', { why: 'none' }]));
    const err = await second.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StationCallError);
    expect(err).toMatchObject({ code: 'NotSupported', message: 'no cache here', details: { why: 'none' } });
  });

  it('an answer that breaks its schema: InvalidResponse; no answer in time: CallTimeout, and the next CALL goes', async () => {
    const p = await aPair(200);
    const invalid = p.link.call('ClearCache', {});
    await until(() => p.frames.length === 1);
    p.station.send(JSON.stringify([3, p.frames[0]![1], { status: 'Maybe' }]));
    const err = await invalid.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidResponse);
    expect(err).toMatchObject({ code: 'PropertyConstraintViolation' });

    const late = p.link.call('ClearCache', {});
    const next = p.link.call('ClearCache', {});
    expect(await late.catch((e: unknown) => e)).toBeInstanceOf(CallTimeout);
    await until(() => p.frames.length === 3);
    p.station.send(JSON.stringify([3, p.frames[2]![1], { status: 'Accepted' }]));
    expect(await next).toEqual({ status: 'Accepted' });
  });

  it('closing: the CALL being handled is answered first, then the close frame goes; pending CALLs of ours fail', async () => {
    const p = await aPair();
    const slow = deferred<unknown>();
    p.answers.set('c-1', slow.promise);
    p.station.send(heartbeat('c-1'));
    await until(() => p.called.length === 1);
    const ours = p.link.call('ClearCache', {});
    const closed = p.link.close(1001, 'Server shutting down');
    expect(await ours.catch((e: unknown) => e)).toBeInstanceOf(LinkClosed);
    // A CALL that comes while closing is not handled.
    p.station.send(heartbeat('c-2'));
    slow.resolve({ currentTime: '2026-11-26T12:00:00.000Z' });
    expect(await p.closedCode).toBe(1001);
    await closed;
    expect(p.frames.filter((f) => f[0] !== 2)).toEqual([[3, 'c-1', { currentTime: '2026-11-26T12:00:00.000Z' }]]);
  });
});

describe('the OCPP-J handshake', () => {
  const request = (url: string, headers: Record<string, string>) =>
    ({ url, headers: { upgrade: 'websocket', ...headers }, socket: { remoteAddress: '10.0.0.9' } }) as unknown as IncomingMessage;
  const basic = (userPass: string) => `Basic ${Buffer.from(userPass).toString('base64')}`;

  it('reads the identity (percent-decoded), the subprotocols and the password of a user named like the identity', () => {
    const hs = readHandshake(
      request('/ocpp/CB%3A01?x=1', { 'sec-websocket-protocol': 'ocpp1.6, ocpp1.5', authorization: basic('CB:01:se:cret') }),
    );
    expect(hs).toMatchObject({ identity: 'CB:01', protocols: new Set(['ocpp1.6', 'ocpp1.5']), remoteAddress: '10.0.0.9' });
    expect((hs as { password?: Buffer }).password?.toString()).toBe('se:cret');
  });

  it('a password for another user is no password', () => {
    const hs = readHandshake(request('/ocpp/CB01', { authorization: basic('OTHER:secret') }));
    expect((hs as { password?: Buffer }).password).toBeUndefined();
  });

  it('credentials shorter than the identity: no password, and no exception', () => {
    const hs = readHandshake(request('/ocpp/CB01', { authorization: basic('CB') }));
    expect(hs).toMatchObject({ identity: 'CB01' });
    expect((hs as { password?: Buffer }).password).toBeUndefined();
  });

  it('an identity that does not decode, or a malformed subprotocol list: 400', () => {
    expect(readHandshake(request('/ocpp/%E0%A4%A', {}))).toEqual({ status: 400, message: 'Invalid charge point identity' });
    expect(readHandshake(request('/ocpp/CB01', { 'sec-websocket-protocol': 'ocpp1.6,,ocpp1.5' }))).toMatchObject({ status: 400 });
    expect(readHandshake(request('/ocpp/CB01', { upgrade: 'h2c' }))).toMatchObject({ status: 400 });
  });
});
