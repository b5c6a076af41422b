import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { inlineCss } from './inline-css.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineCss(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload the scripts of the pages most visitors land on.
    manifest: true,
  },
  test: {
    name: 'component',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
});
