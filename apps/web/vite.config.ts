import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry's own file, as Rollup would
        // place it, rather than into a dozen small shared files that each compress on their own.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
