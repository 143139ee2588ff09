import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 22: the rules the app's landing screens use (search results, product page, pack and memo
 * scanners) live in modules that import no zod, directly or through another module, so those
 * screens do not evaluate zod and the contract's schemas on a phone's start. A schema added to one
 * of these modules (or an import of a schema module) would bring them back: this says where.
 */
const SCHEMA_FREE = [
  'catalogue-rules.ts',
  'common/fiscal-code-rules.ts',
  'prescription-rules.ts',
  'scan/pack.ts',
  'scan/memo.ts',
  'scan/message.ts',
  'common/plural.ts',
  'common/money.ts',
  'common/dates.ts',
];

const here = import.meta.dirname;

/** The chain of imports from `file` to zod, or undefined when none reaches it. */
function pathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = readFileSync(path.join(here, file), 'utf8');
  // Value imports and re-exports; `import type` is erased by the compiler.
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    if (!specifier.startsWith('.')) continue;
    const next = path.normalize(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
    const chain = pathToZod(next, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

describe('modules of the landing screens import no zod (issue 22)', () => {
  it.each(SCHEMA_FREE)('%s', (file) => {
    expect(pathToZod(file)).toBeUndefined();
  });

  it('sees an import of zod through a schema module', () => {
    expect(pathToZod('catalogue.ts')).toEqual(['catalogue.ts', 'zod']);
    expect(pathToZod('scan/product-lookup.ts')).toEqual(['scan/product-lookup.ts', 'zod']);
  });
});
