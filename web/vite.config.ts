import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const lib = (name: string) => fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));

// The shared rules and contracts are compiled from source, the same code the services run.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@pt/domain': lib('domain'), '@pt/contracts': lib('contracts') } },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
