import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// One module graph: the SSR build's entry is the Hono app, which imports the React Router server build.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild ? { input: 'server/app.ts' } : undefined,
  },
  environments: {
    ssr: {
      build: { rollupOptions: { input: 'server/app.ts' } },
    },
  },
  ssr: {
    external: ['@electric-sql/pglite', 'postgres', 'pino', 'nodemailer', 'socket.io', 'sharp'],
  },
}))
