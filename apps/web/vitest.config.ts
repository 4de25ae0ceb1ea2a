import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A journey through the whole app waits up to 5 s per screen (setup.ts); on the shared 2-core machine a test
    // of several screens needs more than vitest's default 5 s in all.
    testTimeout: 20_000,
  },
});
