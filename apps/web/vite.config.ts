import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API serves dist/ on the same origin; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each text asset: the API sends the one the browser accepts
    // (@fastify/static preCompressed), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two entries: the staff app, and the public fill page of digital forms (issue 18, part 4), which loads
    // none of the staff app (budget: 150 KB of JavaScript gzip on first load).
    rollupOptions: { input: { main: 'index.html', fill: 'fill.html' } },
  },
});
