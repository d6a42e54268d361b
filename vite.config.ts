import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { devPageData } from './scripts/vite-dev-page-data.ts';
import { knownPaths } from './scripts/known-paths.ts';
import { compressAssets } from './scripts/compress-assets.ts';
import { inspectInDev } from './scripts/vite-inspect.ts';

/** The local API server `npm run dev` talks to (start it with `PORT=5174 npm start`). */
const devApiOrigin = 'http://127.0.0.1:5174';

export default defineConfig({
  base: '/my-account/',
  plugins: [
    // The message catalogue (messages/*.json) compiles to typed functions in src/paraglide/ (decision 210).
    paraglideVitePlugin({ project: './project.inlang', outdir: './src/paraglide', strategy: ['baseLocale'] }),
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    knownPaths(),
    react(),
    vanillaExtractPlugin(),
    devPageData(devApiOrigin),
    compressAssets(),
    // `?inspect` in npm run dev connects every actor to Stately's inspector (decision 181).
    inspectInDev(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/my-account/api': devApiOrigin,
      '/graphql': devApiOrigin,
    },
  },
});
