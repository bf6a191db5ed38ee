import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@contract': r('./src/contract'), '@web': r('./src/web') } },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: the server preloads each public route's chunks from it (seo/preload.ts).
    manifest: true,
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } } },
});
