import { defineConfig } from 'vitest/config';

// The scale-out suite: two built server processes on the PostgreSQL and Redis of DATABASE_URL and REDIS_URL.
export default defineConfig({
  test: {
    include: ['test-scale/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
