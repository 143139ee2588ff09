// The line ranges of named top-level declarations, for Stryker's `mutate` ("file:start-end").
// A contract module mixes its rules (functions, transition tables) with wire schemas; the rules are
// what mutation testing is for (decision 0430). Found by name, not by line number, so edits
// elsewhere in the file do not shift the ranges; a name that is gone fails the run loudly.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function declarationRanges(cwd, file, names) {
  const lines = readFileSync(path.join(cwd, file), 'utf8').split('\n');
  return names.map((name) => {
    const start = lines.findIndex((line) => new RegExp(`^(export )?(async )?(function|const) ${name}\\b`).test(line));
    if (start < 0) throw new Error(`${file}: no top-level declaration '${name}' to mutate`);
    // A one-line declaration ends where it starts; a block at the first closing brace in column 0.
    let end = start;
    if (!/;\s*$/.test(lines[start])) {
      end = lines.findIndex((line, i) => i > start && /^\}\)?;?\s*$/.test(line));
      if (end < 0) throw new Error(`${file}: '${name}' has no closing brace in column 0`);
    }
    return `${file}:${start + 1}-${end + 1}`;
  });
}

/**
 * What both parts' Stryker configs share: the Vitest runner with per-test coverage, incremental
 * reruns (only the mutants whose code or covering tests changed), one worker on the shared
 * machine, and the JSON report `npm run mutation` merges (reports/mutation/<part>.json).
 */
export function strykerOptions(part, vitestConfigFile) {
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: vitestConfigFile, related: true },
    coverageAnalysis: 'perTest',
    incremental: true,
    incrementalFile: `../../reports/mutation/${part}-incremental.json`,
    concurrency: 1,
    // The first, instrumented run of the tests takes minutes on a loaded machine.
    dryRunTimeoutMinutes: 30,
    reporters: ['clear-text', 'progress-append-only', 'json'],
    jsonReporter: { fileName: `../../reports/mutation/${part}.json` },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    thresholds: { high: 90, low: 80, break: null },
  };
}
