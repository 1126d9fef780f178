import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';

/**
 * Answers above 1 KB go out compressed (brotli, else gzip) when the client accepts it. Built web
 * assets are already compressed at build time and served as they are (`preCompressed` in
 * web-app.ts); an answer that already carries a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quick brotli for answers made on the fly: level 4 compresses JSON nearly as well as 11 at a
    // fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
