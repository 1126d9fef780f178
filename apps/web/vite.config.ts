import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run dev -w apps/web` forwards API calls (the server started with `npm run dev`). */
const devServer = process.env.RECARGA_DEV_SERVER ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes `.br` and `.gz` next to every text asset of the build (best compression, done once), so
 * the server sends them with Content-Encoding instead of compressing on each request. A variant
 * that does not save at least 10% is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'recarga-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(content, { level: 9 });
        if (br.length < content.length * 0.9) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length * 0.9) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': devServer,
      '/gateway': devServer,
      '/smart': devServer,
      '/live': { target: devServer, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by bench/bundle-budget.ts (JavaScript each route loads, against its budget).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Chunks are named by their content hash only: their names are listed in every screen's
      // preload list and in each chunk's imports, and readable names cost 2–4 KB of gzip per route.
      // The manifest (.vite/manifest.json) maps each source module to its chunk.
      output: { chunkFileNames: 'assets/[hash].js' },
      treeshake: {
        // @rc-component/form's index attaches Field, List, useForm… to its default export, and the
        // package does not declare itself free of side effects: antd's form context (which nearly
        // every antd component reads) imports one name from it and so kept the whole form engine
        // and its validator in every screen, forms or not (13 KB gzip). The index has no other
        // effect; where the default export is used its attachments stay.
        moduleSideEffects: [{ test: /[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false }],
      },
    },
  },
});
