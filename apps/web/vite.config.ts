import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/s': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500, manifest: true },
});
