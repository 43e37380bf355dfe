import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { SlowFilesFirst } from "./tests/setup/slow-files-first";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

const UNIT = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"];
const INTEGRATION = ["app/**/*.integration.test.{ts,tsx}", "tests/integration/**/*.test.ts"];

/**
 * The test files that replace a module with `vi.mock`. Files share their worker's loaded modules (isolate: false,
 * docs/testing.md), so a mocked module would stay mocked for the next file: these run in projects of their own,
 * each file in a fresh module graph. Found by reading the files, so a new one is isolated without a list to keep.
 */
function filesMockingModules(): string[] {
  const root = import.meta.dirname;
  return ["app", "scripts", "tests"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), "utf8"))),
  );
}
const MOCKING = filesMockingModules();

/**
 * A worker keeps its loaded modules from one file to the next rather than loading them again for each file (2 s of
 * CPU a file). What a file changes in them is put back: spies and stubs are restored after each test, the database
 * and configuration are set anew by each integration file (tests/setup/test-database.ts).
 */
type ProjectTest = NonNullable<TestProjectInlineConfiguration["test"]>;
const shared: ProjectTest = {
  environment: "node",
  isolate: false,
  restoreMocks: true,
  unstubGlobals: true,
  unstubEnvs: true,
};

const integration: ProjectTest = {
  ...shared,
  globalSetup: ["tests/setup/global-database.ts"],
  setupFiles: ["tests/setup/test-database.ts"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

// Tests live beside the code: *.test.ts are unit tests, *.integration.test.ts run against a real database
// (PGlite, or PostgreSQL when DATABASE_URL is set), each file on its own freshly migrated copy. How the run is
// laid out and kept fast: docs/testing.md.
export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core (vitest's own default leaves one core idle: on two cores, one worker for 270 files).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The longest files start first, so that none of them is left running alone at the end. With
    // VITEST_SHUFFLE_SEED=n the files run in a random order instead (seed n): how state one file leaves for the next
    // is found (docs/testing.md).
    sequence: process.env.VITEST_SHUFFLE_SEED
      ? { shuffle: { files: true, tests: false }, seed: Number(process.env.VITEST_SHUFFLE_SEED) }
      : { sequencer: SlowFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "unit",
          include: UNIT,
          exclude: ["**/*.integration.test.{ts,tsx}", "node_modules/**", ...MOCKING],
        },
      },
      {
        resolve: { alias },
        test: { name: "integration", include: INTEGRATION, exclude: ["node_modules/**", ...MOCKING], ...integration },
      },
      ...isolatedProjects(),
    ],
  },
});

/** The files of MOCKING, each project's own in a project that loads every file's modules afresh. */
function isolatedProjects(): TestProjectInlineConfiguration[] {
  const integrationFiles = MOCKING.filter((file) => file.includes(".integration.test."));
  const unitFiles = MOCKING.filter((file) => !file.includes(".integration.test."));
  return [
    ...(integrationFiles.length
      ? [
          {
            resolve: { alias },
            test: { ...integration, name: "integration-isolated", include: integrationFiles, isolate: true },
          },
        ]
      : []),
    ...(unitFiles.length
      ? [{ resolve: { alias }, test: { ...shared, name: "unit-isolated", include: unitFiles, isolate: true } }]
      : []),
  ];
}
