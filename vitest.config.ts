import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

// Tests live beside the code: *.test.ts are unit tests, *.integration.test.ts run against a real database
// (PGlite, or PostgreSQL when DATABASE_URL is set), each file on its own freshly migrated copy.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.integration.test.{ts,tsx}", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/test-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
