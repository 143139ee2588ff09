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
