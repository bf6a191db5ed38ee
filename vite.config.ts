import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Every page's head preloads the regular weight of Be Vietnam Pro, the face of most of a first screen's
 * text (one merged Latin and Vietnamese file, src/web/fonts.css): requested with the page, it is usually
 * there for the first layout. The other weights come when the layout asks for them and are swapped in
 * (font-display: swap). Preloading 700 too cost the home page about 300 ms of LCP in Lighthouse, and 600
 * as well about 400 ms (docs/performance.md).
 */
const PRELOADED_WEIGHTS = /be-vietnam-pro-400-[\w-]+\.woff2$/;

function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.keys(ctx.bundle ?? {})
          .filter((file) => PRELOADED_WEIGHTS.test(file))
          .sort()
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss(), preloadFonts()],
  resolve: { alias: { '@contract': r('./src/contract'), '@web': r('./src/web') } },
  build: isSsrBuild
    ? {
        // The server's renderer of the public pages (`vite build --ssr`, after the browser build): inside
        // WEB_DIR so a copy of the build carries it; the server never serves dot folders.
        // The build script makes it beside the browser's build at the same time (SSR_OUT_DIR), then moves it here.
        outDir: process.env.SSR_OUT_DIR ?? r('./dist/web/.ssr'),
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        // One file: the server reloads it under a new address after a rebuild, and chunks importing
        // it back by its plain name would make a second copy of React's contexts.
        rollupOptions: {
          input: r('./src/web/ssr/entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js', codeSplitting: false },
        },
      }
    : {
        outDir: r('./dist/web'),
        emptyOutDir: true,
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        // .vite/manifest.json: the server preloads each public route's chunks from it (seo/preload.ts).
        manifest: true,
        // No preloading of a dynamic import's chunks from script: on a slow phone, starting those requests
        // cost one long task at the app's start; the browser fetches a chunk's imports as it reads it.
        modulePreload: false,
      },
  // One self-contained file: the server needs none of the web app's packages installed to run it.
  ssr: { noExternal: true },
  // The bundled React reads process.env.NODE_ENV at run time; the server is not always started with
  // NODE_ENV=production, and React's development build renders several times slower.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } } },
}));
