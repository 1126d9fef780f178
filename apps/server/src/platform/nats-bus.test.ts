import { afterEach, describe, expect, it } from 'vitest';
import { BusNoResponderError, BusTimeoutError } from './bus';
import { BusUnreachableError, NatsBus } from './nats-bus';

/** Runs against a real NATS server when TEST_NATS_URL is set (CI: nats://127.0.0.1:4222). */
const url = process.env.TEST_NATS_URL;

describe.skipIf(!url)('NATS bus', () => {
  const open: NatsBus[] = [];
  const node = async (name: string) => {
    const bus = await NatsBus.connect(url!, name);
    open.push(bus);
    return bus;
  };
  // Subjects unique to each test: runs on the same server must not hear each other.
  const unique = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  it('request, when another node responds on the subject: resolves with its reply', async () => {
    const [a, b] = [await node('a'), await node('b')];
    const subject = `ocpp.cp.${unique()}`;
    a.respond(subject, async (data) => ({ ok: true, echo: data }));
    await new Promise((r) => setTimeout(r, 50));
    await expect(b.request(subject, { action: 'Reset', n: 1 }, 2000)).resolves.toEqual({ ok: true, echo: { action: 'Reset', n: 1 } });
  });

  it('request, when no node responds: rejects with BusNoResponderError', async () => {
    const b = await node('b');
    await expect(b.request(`ocpp.cp.${unique()}`, {}, 2000)).rejects.toBeInstanceOf(BusNoResponderError);
  });

  it('request, when the responder is slower than the timeout: rejects with BusTimeoutError', async () => {
    const [a, b] = [await node('a'), await node('b')];
    const subject = `ocpp.cp.${unique()}`;
    a.respond(subject, () => new Promise((r) => setTimeout(() => r('late'), 1000)));
    await new Promise((r) => setTimeout(r, 50));
    await expect(b.request(subject, {}, 200)).rejects.toBeInstanceOf(BusTimeoutError);
  });

  it('request, when the responder throws: rejects with its message on the asking node', async () => {
    const [a, b] = [await node('a'), await node('b')];
    const subject = `ocpp.cp.${unique()}`;
    a.respond(subject, async () => {
      throw new Error('station busy');
    });
    await new Promise((r) => setTimeout(r, 50));
    await expect(b.request(subject, {}, 2000)).rejects.toThrow('station busy');
  });

  it('respond, when stopped: the subject has no responder any more', async () => {
    const [a, b] = [await node('a'), await node('b')];
    const subject = `ocpp.cp.${unique()}`;
    const stop = a.respond(subject, async () => 'here');
    await new Promise((r) => setTimeout(r, 50));
    await expect(b.request(subject, {}, 2000)).resolves.toBe('here');
    stop();
    await new Promise((r) => setTimeout(r, 50));
    await expect(b.request(subject, {}, 2000)).rejects.toBeInstanceOf(BusNoResponderError);
  });

  it('publish, when nodes subscribe with wildcards: every matching subscriber on every node receives it', async () => {
    const [a, b] = [await node('a'), await node('b')];
    const prefix = `live.${unique()}`;
    const got: string[] = [];
    a.subscribe(`${prefix}.*`, (data, subject) => got.push(`a:${subject.slice(prefix.length)}:${(data as { n: number }).n}`));
    b.subscribe(`${prefix}.>`, (data, subject) => got.push(`b:${subject.slice(prefix.length)}:${(data as { n: number }).n}`));
    b.subscribe(`${prefix}.other`, () => got.push('wrong'));
    await new Promise((r) => setTimeout(r, 50));
    a.publish(`${prefix}.stats`, { n: 1 });
    b.publish(`${prefix}.x.y`, { n: 2 });
    await expect.poll(() => got.slice().sort(), { timeout: 2000 }).toEqual(['a:.stats:1', 'b:.stats:1', 'b:.x.y:2']);
  });

  it('connect, when the server cannot be reached: says so, naming NATS_URL', async () => {
    await expect(NatsBus.connect('nats://127.0.0.1:1', 'x')).rejects.toBeInstanceOf(BusUnreachableError);
    await expect(NatsBus.connect('nats://127.0.0.1:1', 'x')).rejects.toThrow(
      /NATS_URL: cannot reach the NATS server at nats:\/\/127.0.0.1:1/,
    );
  });
});
