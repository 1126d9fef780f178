import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import { ocpp1ErrorCode, validateMessage } from './validation';

/**
 * OCPP-J (OCPP 1.6 JSON over WebSocket, §4) as the central system speaks it to one station socket:
 * CALLs answered with a CALLRESULT or a CALLERROR, the central system's own CALLs one at a time
 * with a timeout, every payload validated against the protocol's schemas in both directions.
 *
 * The node holds tens of thousands of these for hours, so a socket carries only what it needs: no
 * event emitter of its own, no timer while it is idle, and per incoming call nothing that outlives
 * the answer (a call's id sits in a set until it is answered).
 */

const CALL = 2;
const CALLRESULT = 3;
const CALLERROR = 4;

/** A CALLERROR to send: an OCPP-J error code, a description and details. */
export class OcppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: object = {},
  ) {
    super(message);
  }
}

/** The station did not answer a central-system CALL in time. */
export class CallTimeout extends Error {}
/** The station answered a central-system CALL with a CALLERROR. */
export class StationCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown,
  ) {
    super(message);
  }
}
/** The station's CALLRESULT does not match the action's schema. */
export class InvalidResponse extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
/** The socket closed (or was closing) before the answer. */
export class LinkClosed extends Error {}

/** The error code, description and details of a thrown validation or handler error. */
function errorFrame(err: unknown): { code: string; message: string; details: unknown } {
  const e = err as { code?: unknown; rpcErrorCode?: unknown; message?: string; rpcErrorMessage?: string; details?: unknown };
  if (err instanceof OcppError) return { code: err.code, message: err.message, details: err.details };
  // The validators (validation.ts) throw ocpp-rpc's errors: rpcErrorCode, message, details.
  const code = typeof e.rpcErrorCode === 'string' ? e.rpcErrorCode : 'GenericError';
  return { code, message: e.message || e.rpcErrorMessage || '', details: e.details ?? {} };
}

/** What the central system does with a socket's traffic. One object for every socket of the node. */
export interface LinkOwner<T> {
  /** A valid CALL of an action in `actions`: resolves with the CALLRESULT payload, or throws an OCPP error. */
  call(link: StationLink<T>, action: string, params: unknown): Promise<unknown>;
  /** A frame that cannot be read, a CALL or a CALLRESULT that breaks its schema. */
  invalid(link: StationLink<T>, kind: 'malformed frame' | 'call' | 'response', message: string): void;
  /** A pong came. */
  pong(link: StationLink<T>): void;
  /** The socket is closed. */
  closed(link: StationLink<T>): void;
  /** A CALL's answer did not match its own schema (the central system's fault): logged. */
  badAnswer(link: StationLink<T>, action: string, message: string): void;
}

export interface LinkOptions {
  /** The charge-point actions the central system serves; any other CALL gets NotImplemented. */
  actions: ReadonlySet<string>;
  /** Default time a central-system CALL waits for its answer. */
  callTimeoutMs: number;
}

interface OutboundCall {
  action: string;
  params: unknown;
  timeoutMs: number;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
  id?: string;
  timer?: NodeJS.Timeout;
}

const enum State {
  Open,
  Closing,
  Closed,
}

/** One station socket speaking OCPP-J. `data` is the central system's own record of the socket. */
export class StationLink<T> {
  private state = State.Open;
  /** Ids of the station's CALLs being handled (a second CALL with one of them is refused). */
  private inFlight?: Set<string>;
  /** The central-system CALL waiting for its answer (one at a time, as OCPP-J §4.1.1 asks). */
  private current?: OutboundCall;
  private queued?: OutboundCall[];
  private closePromise?: Promise<void>;
  /** Resolves the close once the CALLs being handled are answered. */
  private drained?: () => void;

  constructor(
    readonly ws: WebSocket,
    readonly protocol: OcppProtocol,
    private readonly owner: LinkOwner<T>,
    private readonly options: LinkOptions,
    public data: T,
  ) {
    ws.on('message', (message: Buffer | ArrayBuffer | Buffer[]) => this.onMessage(message));
    ws.on('pong', () => owner.pong(this));
    ws.once('close', () => this.onClose());
    // A socket error is followed by its close; nothing else to do.
    ws.on('error', () => undefined);
  }

  /**
   * Sends a CALL and resolves with the station's CALLRESULT. Rejects with CallTimeout,
   * StationCallError, InvalidResponse or LinkClosed. The caller has validated the payload.
   */
  call(action: string, params: unknown, timeoutMs = this.options.callTimeoutMs): Promise<unknown> {
    if (this.state !== State.Open) return Promise.reject(new LinkClosed('socket not open'));
    return new Promise((resolve, reject) => {
      const call: OutboundCall = { action, params, timeoutMs, resolve, reject };
      if (this.current) (this.queued ??= []).push(call);
      else this.send(call);
    });
  }

  /**
   * Closes the socket: pending central-system CALLs fail at once; the station's CALLs being
   * handled are answered first (their writes are committed, so the station should hear it), then
   * the close frame goes. `force` drops the socket at once.
   */
  close(code = 1000, reason = '', force = false): Promise<void> {
    if (this.state === State.Closed) return Promise.resolve();
    if (this.closePromise) {
      if (force) this.ws.terminate();
      return this.closePromise;
    }
    this.state = State.Closing;
    this.failCalls('socket closing');
    const closed = new Promise<void>((resolve) => this.ws.once('close', () => resolve()));
    if (force) this.ws.terminate();
    else {
      const drained = this.inFlight?.size ? new Promise<void>((resolve) => (this.drained = resolve)) : Promise.resolve();
      void drained.then(() => {
        if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason);
      });
    }
    this.closePromise = closed;
    return closed;
  }

  // ---------------------------------------------------------------------------------------------

  private onClose() {
    this.state = State.Closed;
    this.failCalls('socket closed');
    this.drained?.();
    this.owner.closed(this);
  }

  private failCalls(why: string) {
    const calls = this.queued ?? [];
    this.queued = undefined;
    if (this.current) calls.unshift(this.current);
    this.current = undefined;
    for (const call of calls) {
      clearTimeout(call.timer);
      call.reject(new LinkClosed(why));
    }
  }

  private send(call: OutboundCall) {
    const id = randomUUID();
    call.id = id;
    this.current = call;
    call.timer = setTimeout(() => this.settle(call, new CallTimeout('Call timeout')), call.timeoutMs);
    this.write([CALL, id, call.action, call.params]);
  }

  /** Ends the current central-system CALL and sends the next one. */
  private settle(call: OutboundCall, error: Error | null, result?: unknown) {
    if (this.current !== call) return;
    clearTimeout(call.timer);
    this.current = undefined;
    if (error) call.reject(error);
    else call.resolve(result);
    const next = this.queued?.shift();
    if (next && this.state === State.Open) this.send(next);
  }

  private write(frame: unknown[]) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private onMessage(data: Buffer | ArrayBuffer | Buffer[]) {
    const text = (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
    // Some stations send empty frames; they mean nothing.
    if (!text.length) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.refuse('-1', 'Message must be a JSON structure');
    }
    if (!Array.isArray(frame)) return this.refuse('-1', 'Message must be an array');
    const [type, id] = frame as [unknown, unknown];
    if (typeof type !== 'number') return this.refuse('-1', 'Message type must be a number');
    if (type !== CALL && type !== CALLRESULT && type !== CALLERROR) return this.refuse('-1', 'Unrecognised message type');
    if (typeof id !== 'string') {
      // An answer with no readable id cannot be answered (OCPP-J answers CALLs only).
      if (type === CALL) return this.refuse('-1', 'Message ID must be a string');
      return this.owner.invalid(this, 'malformed frame', 'Message ID must be a string');
    }
    if (type === CALL) {
      const action = frame[2];
      if (typeof action !== 'string') return this.refuse(id, 'Method must be a string');
      void this.onCall(id, action, frame[3]);
    } else if (type === CALLRESULT) this.onResult(id, frame[2]);
    else this.onError(id, frame[2], frame[3], frame[4]);
  }

  /** A frame that is not an OCPP-J message: a FormationViolation (1.6 has no other code for it). */
  private refuse(id: string, message: string) {
    this.owner.invalid(this, 'malformed frame', message);
    if (this.state === State.Open) this.write([CALLERROR, id, 'FormationViolation', message, {}]);
  }

  private async onCall(id: string, action: string, params: unknown) {
    // A closing socket handles nothing new: the station sends it again on its next socket.
    if (this.state !== State.Open) return;
    let answer: unknown[];
    const inFlight = (this.inFlight ??= new Set());
    if (inFlight.has(id)) {
      // OCPP 1.6 has no code for it; the description says why.
      this.write([CALLERROR, id, 'GenericError', `Already processing a call with message ID: ${id}`, {}]);
      return;
    }
    inFlight.add(id);
    try {
      if (!this.options.actions.has(action)) throw new OcppError('NotImplemented', `Unable to handle '${action}' calls`);
      try {
        validateMessage(this.protocol, `urn:${action}.req`, params);
      } catch (err) {
        this.owner.invalid(this, 'call', (err as Error).message);
        throw err;
      }
      const result = await this.owner.call(this, action, params);
      try {
        validateMessage(this.protocol, `urn:${action}.conf`, result);
      } catch (err) {
        this.owner.badAnswer(this, action, (err as Error).message);
        throw new OcppError('InternalError', 'The central system could not process the message');
      }
      answer = [CALLRESULT, id, result];
    } catch (err) {
      const { code, message, details } = errorFrame(err);
      answer = [CALLERROR, id, ocpp1ErrorCode(code, message), message, details ?? {}];
    } finally {
      inFlight.delete(id);
    }
    this.write(answer);
    if (this.drained && inFlight.size === 0) this.drained();
  }

  private onResult(id: string, result: unknown) {
    const call = this.current;
    if (!call || call.id !== id)
      return this.owner.invalid(this, 'malformed frame', `Received CALLRESULT for unrecognised message ID: ${id}`);
    try {
      validateMessage(this.protocol, `urn:${call.action}.conf`, result);
    } catch (err) {
      const { code, message } = errorFrame(err);
      this.owner.invalid(this, 'response', message);
      return this.settle(call, new InvalidResponse(code, message));
    }
    this.settle(call, null, result);
  }

  private onError(id: string, code: unknown, description: unknown, details: unknown) {
    const call = this.current;
    if (!call || call.id !== id)
      return this.owner.invalid(this, 'malformed frame', `Received CALLERROR for unrecognised message ID: ${id}`);
    this.settle(
      call,
      new StationCallError(
        typeof code === 'string' ? code : 'GenericError',
        typeof description === 'string' ? description : '',
        details ?? {},
      ),
    );
  }
}

// -------------------------------------------------------------------------------------------------
// The handshake

/** What the station's upgrade request says of it. */
export interface Handshake {
  /** The charge box id: the last segment of the path, percent-decoded. */
  identity: string;
  /** The subprotocols it offers (Sec-WebSocket-Protocol). */
  protocols: Set<string>;
  /** HTTP Basic password, when the user part is the identity (OCPP-J 1.6 security profile 1). */
  password: Buffer | undefined;
  remoteAddress: string | undefined;
  headers: IncomingMessage['headers'];
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Reads the upgrade request; an HTTP status and message when it cannot be an OCPP-J handshake. */
export function readHandshake(req: IncomingMessage): Handshake | { status: number; message: string } {
  if (String(req.headers.upgrade ?? '').toLowerCase() !== 'websocket')
    return { status: 400, message: 'Can only upgrade websocket upgrade requests' };
  let identity: string;
  try {
    identity = decodeURIComponent(new URL('http://localhost' + (req.url ?? '/')).pathname.split('/').pop() ?? '');
  } catch {
    return { status: 400, message: 'Invalid charge point identity' };
  }
  const protocols = new Set<string>();
  const offered = req.headers['sec-websocket-protocol'];
  if (offered !== undefined) {
    for (const part of offered.split(',')) {
      const p = part.trim();
      if (!TOKEN.test(p) || protocols.has(p)) return { status: 400, message: 'Invalid Sec-WebSocket-Protocol header' };
      protocols.add(p);
    }
  }
  return {
    identity,
    protocols,
    password: basicPassword(req.headers.authorization, identity),
    remoteAddress: req.socket.remoteAddress,
    headers: req.headers,
  };
}

/**
 * The password of an HTTP Basic header whose user is the station's identity. The identity may
 * hold colons (OCPP says the user is the identity) and the password may be binary (the OCPP
 * security whitepaper recommends random bytes), so it is read as bytes after `identity:`.
 */
function basicPassword(header: string | undefined, identity: string): Buffer | undefined {
  const b64 = header && /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/.exec(header)?.[1];
  if (!b64) return undefined;
  const userPass = Buffer.from(b64, 'base64');
  const user = Buffer.from(identity + ':');
  // Shorter than `identity:` cannot hold it (and compare would throw past its end).
  if (userPass.length < user.length || user.compare(userPass, 0, user.length) !== 0) return undefined;
  return userPass.subarray(user.length);
}

/** Answers an upgrade request with an HTTP error and drops the socket. */
export function refuseHandshake(socket: Duplex, status: number, message?: string) {
  if (socket.writable) {
    const body = message || STATUS_CODES[status] || '';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
