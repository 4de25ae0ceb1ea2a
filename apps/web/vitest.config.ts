import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // axe over a large jsdom page takes seconds when npm test runs the domain, API and web projects side by side on
    // two cores: 5 s (the default) timed out a journey-sized test there (it takes 1–2 s alone).
    testTimeout: 20_000,
  },
});
