import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';
import { streamXlsx } from './xlsx-stream';

/** A database's "numeric value out of range" (SQLSTATE 22003), as a refused filter raises it. */
const outOfRange = () => Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' });
const silent = { error: () => undefined };

async function* rowsThenFail(good: number) {
  // Text that does not compress, so the workbook's bytes leave the server before the failure.
  for (let i = 0; i < good; i++) {
    // Rows arrive in chunks, as from a database: the server writes between them.
    if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield { n: i, text: randomBytes(150).toString('base64') };
  }
  throw new Error('connection lost');
}

describe('spreadsheet downloads over HTTP', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    const sheet = (rows: AsyncIterable<{ n: number; text: string }>) =>
      streamXlsx({
        sheet: 'S',
        what: 'test export',
        log: silent,
        rows,
        columns: [
          { header: 'N', key: 'n', width: 5 },
          { header: 'T', key: 'text', width: 50 },
        ],
        toRow: (r) => r,
      });
    app.get('/refused', async (_req, reply) =>
      reply.type('application/octet-stream').send(
        await sheet(
          (async function* () {
            // The database refuses the query before any row.
            yield* [] as { n: number; text: string }[];
            throw outOfRange();
          })(),
        ),
      ),
    );
    app.get('/breaks', async (_req, reply) => reply.type('application/octet-stream').send(await sheet(rowsThenFail(20_000))));
    app.get('/whole', async (_req, reply) => {
      async function* oneRow() {
        yield { n: 1, text: 'a' };
      }
      return reply.type('application/octet-stream').send(await sheet(oneRow()));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(() => app.close());

  it('a source refused before the first row: an error answer (400 for a bad value), never a file', async () => {
    const res = await fetch(`${base}/refused`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid value' });
  });

  it('a source that fails after the first bytes: the connection is cut, the client cannot read a whole file', async () => {
    const res = await fetch(`${base}/breaks`);
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('a source that ends well: a whole workbook (a zip ending with its central directory)', async () => {
    const res = await fetch(`${base}/whole`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // End-of-central-directory record: the mark of a complete zip.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
  });
});
