import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/static': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // A feature's public file (features/<name>/index.ts) only re-exports: a chunk that imports one
      // piece through it gets that piece, not everything the file names.
      treeshake: { moduleSideEffects: (id) => (/\/src\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined) },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
