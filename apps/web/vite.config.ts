import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

/** The line of @ant-design/icons' icon components that names every icon after its file ("search", "down", "close"). */
const NAMED_BY_FILE = /"aria-label":\s*icon\.name/;
const ICON_COMPONENT = /@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js$/;

/**
 * Icons are decorative unless given a name. @ant-design/icons gives each icon `role="img"` and an
 * English `aria-label` taken from its file name, so a screen reader read "search", "save",
 * "download" beside a Spanish or Portuguese button text, and antd's own controls (the search
 * button, a select's arrow, the pagination's arrows, a dialog's close) too. This rewrites that one
 * line so an icon is hidden from screen readers unless its caller gives it an `aria-label` — the
 * control around it carries the name, in the user's language. The build fails if the line is gone
 * (a new version of the package), rather than silently shipping the English names again.
 */
function decorativeIcons(): Plugin {
  return {
    name: 'recarga-decorative-icons',
    enforce: 'pre',
    transform(code, id) {
      if (!ICON_COMPONENT.test(id.split('?')[0]!)) return null;
      if (!NAMED_BY_FILE.test(code)) this.error(`decorative-icons: ${id} no longer names icons by file; check the rewrite`);
      return { code: code.replace(NAMED_BY_FILE, '"aria-hidden": restProps["aria-label"] ? undefined : true'), map: null };
    },
  };
}

/**
 * Preload lists without what is already loaded. Vite writes, next to every `import()`, the list of
 * chunks to fetch with it; a chunk that the importing chunk statically imports is loaded before
 * that chunk runs, so listing it again only weighs on the importer (the route table's lists were
 * 4.5 KB of gzip of the first load). This keeps the bundle of the build being written, so that
 * `resolveDependencies` can drop those chunks.
 */
let writtenBundle: Rollup.OutputBundle | null = null;
function keepBundle(): Plugin {
  return {
    name: 'recarga-keep-bundle',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        writtenBundle = bundle;
      },
    },
  };
}

/** The chunks that `file` imports statically, directly or not (loaded before it runs). */
function staticallyLoaded(file: string, bundle: Rollup.OutputBundle, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk') return into;
  for (const next of chunk.imports) {
    if (into.has(next)) continue;
    into.add(next);
    staticallyLoaded(next, bundle, into);
  }
  return into;
}

const loadedCache = new Map<string, Set<string>>();
function notYetLoaded(deps: string[], host: string): string[] {
  if (!writtenBundle) return deps;
  let loaded = loadedCache.get(host);
  if (!loaded) {
    loaded = staticallyLoaded(host, writtenBundle);
    loadedCache.set(host, loaded);
  }
  return deps.filter((dep) => !loaded.has(dep));
}

export default defineConfig({
  plugins: [decorativeIcons(), react(), precompress(), keepBundle()],
  // The dev server pre-bundles the icons with rolldown: the same rewrite there.
  optimizeDeps: { rolldownOptions: { plugins: [decorativeIcons()] } },
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
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => notYetLoaded(deps, hostId) },
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
