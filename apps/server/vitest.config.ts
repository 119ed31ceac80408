import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each test file gets its own database cloned from a migrated template.
    fileParallelism: true,
    // At least two files at once (most of a file's time is waiting on PostgreSQL), one core left for PostgreSQL.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share a worker's module graph instead of importing the server again each (about a third of the
    // suite's CPU time); every file still builds its own app and database.
    isolate: false,
  },
});
