import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The property tests (they import fast-check and run a hundred random books each) take a minute where a file
 * takes seconds: started last, one of them would run alone on one core at the end of the run. They go first;
 * the rest keep vitest's own order (the longest of the last run first, else the largest file).
 */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isPropertyTest = (spec: TestSpecification) => /from "fast-check"/.test(readFileSync(spec.moduleId, "utf8"));
    const slow = sorted.filter(isPropertyTest);
    return [...slow, ...sorted.filter((spec) => !slow.includes(spec))];
  }
}
