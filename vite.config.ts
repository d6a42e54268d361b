import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  base: '/my-account/',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    vanillaExtractPlugin(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/my-account/api': 'http://127.0.0.1:5174',
      '/graphql': 'http://127.0.0.1:5174',
    },
  },
});
