import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/s': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // scripts/measure-login-bundle.mjs reads the manifest to find what /login loads.
    manifest: true,
    rolldownOptions: {
      // The console imports constants from @huoke/contracts; its zod schemas are for the server.
      // Marking zod's builders pure lets unused schemas (and zod) drop out of the console bundle.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
