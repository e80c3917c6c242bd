import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const MUI_BASE =
  /@mui[\\/]material[\\/](ButtonBase|Typography|Button|IconButton|Paper|SvgIcon|Alert|useLazyRipple|transitions|utils)[\\/]/;

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
        codeSplitting: {
          groups: [
            // Everything the entry imports statically goes into the entry's own file, as Rollup
            // would place it, rather than into a dozen small shared files that each compress alone.
            { name: 'app', tags: ['$initial'] },
            // The buttons, text, paper and alerts nearly every screen shows, in one file rather
            // than seven.
            { name: 'mui-base', test: MUI_BASE },
          ],
        },
      },
    },
  },
});
