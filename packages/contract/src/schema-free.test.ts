/// <reference types="vite/client" />
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
  'constants.ts',
  'common/wall-clock.ts',
  'shop-legal-rules.ts',
];

/** Every source module of the contract, by its path from src/ ('catalogue.ts', 'scan/pack.ts'). */
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['./**/*.ts', '!./**/*.test.ts'], { query: '?raw', import: 'default', eager: true })).map(
    ([file, text]) => [file.slice(2), text],
  ),
);

/** `specifier` (relative, '.js') imported by `file`, as a key of {@link sources}. */
function resolve(file: string, specifier: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.replace(/\.js$/, '.ts').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The chain of imports from `file` to zod, or undefined when none reaches it. */
function pathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = sources[file];
  if (source === undefined) throw new Error(`no module ${file}`);
  // Value imports and re-exports; `import type` is erased by the compiler.
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    if (!specifier.startsWith('.')) continue;
    const chain = pathToZod(resolve(file, specifier), seen);
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
