import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm run dev -w apps/web` forwards API calls (the server started with `npm run dev`). */
const devServer = process.env.RECARGA_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 1500,
  },
});
