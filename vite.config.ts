import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Client build: the SPA is served by Fastify from dist/client. */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
});
