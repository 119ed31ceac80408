import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/*.schema.ts', './src/seed/*.schema.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
