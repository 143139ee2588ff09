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
  // The signed-in cart, checkout and booking calendar (decision 0579).
  'cart-badge.ts',
  'cart-rules.ts',
  'delivery-rules.ts',
  'payment-rules.ts',
  'sale-rules.ts',
  'address-rules.ts',
  'voucher-rules.ts',
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

/**
 * Decision 0579: the app's signed-in cart, checkout and booking calendar (and the seller strip the
 * selling pages load with them) evaluate no zod on start. Follows each screen's static imports in
 * the web app (dynamic imports load later: a form's check on first use) and, for every value it
 * imports from '@farmacia/contract', the module that defines it — the one the bundle evaluates.
 */
const webSources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../../apps/web/src/**/*.{ts,tsx}', '!../../../apps/web/src/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [file.replace('../../../apps/web/src/', ''), text]),
);

const SIGNED_IN_SCREENS = [
  'features/cart/cart-screen.tsx',
  'features/checkout/checkout-screen.tsx',
  'features/reservations/booking-screen.tsx',
  'features/legal/seller-strip.tsx',
];

/** The contract module that defines the value `name` exported by `file` (following re-exports). */
function definingModule(file: string, name: string, seen = new Set<string>()): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = sources[file] ?? '';
  if (new RegExp(`^export\\s+(?:async\\s+)?(?:const|let|function|class)\\s+${name}\\b`, 'm').test(source)) return file;
  for (const [, list = '', from] of source.matchAll(/^export\s*\{([^}]*)\}(?:\s*from\s*'([^']+)')?/gm)) {
    if (!list.split(',').some((item) => item.trim() === name)) continue;
    if (from) return definingModule(resolve(file, from), name, seen);
    // `export { NAME };` of an imported value.
    const imported = new RegExp(`^import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`, 'm').exec(source)?.[1];
    return imported ? definingModule(resolve(file, imported), name, seen) : file;
  }
  for (const [, from = ''] of source.matchAll(/^export\s*\*\s*from\s*'([^']+)'/gm)) {
    const found = definingModule(resolve(file, from), name, new Set(seen));
    if (found) return found;
  }
  return undefined;
}

/** The web module a relative specifier names (.ts, .tsx or index), or undefined (CSS, assets). */
function webModule(file: string, specifier: string): string | undefined {
  const base = resolve(file, specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((f) => webSources[f] !== undefined && /\.tsx?$/.test(f));
}

/** The chain from a web module to zod through its static value imports, or undefined. */
function webPathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = webSources[file];
  if (source === undefined) throw new Error(`no web module ${file}`);
  // Value imports, and side-effect imports ('../lib/validation-locale'), which are evaluated too.
  for (const [, names = '', specifier = ''] of source.matchAll(/^import\s+(?!type\s)(?:([^'";]*?)\s*from\s+)?'([^']+)'/gm)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    if (specifier === '@farmacia/contract') {
      const values = (/\{([^}]*)\}/.exec(names)?.[1] ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '' && !item.startsWith('type '))
        .map((item) => item.split(/\s+as\s+/)[0] ?? item);
      for (const name of values) {
        const module = definingModule('index.ts', name);
        if (module === undefined) throw new Error(`${file}: no contract module defines ${name}`);
        const chain = pathToZod(module);
        if (chain) return [file, `${name} from ${module}`, ...chain.slice(1)];
      }
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = webModule(file, specifier);
    const chain = target && webPathToZod(target, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

describe("the app's signed-in screens evaluate no zod on start (issue 22)", () => {
  it.each(SIGNED_IN_SCREENS)('%s', (screen) => {
    expect(webPathToZod(screen)).toBeUndefined();
  });

  it('sees zod through a contract value and through a side-effect import', () => {
    expect(webPathToZod('components/voucher-code.ts')?.slice(0, 2)).toEqual(['components/voucher-code.ts', 'VoucherCodeSchema from voucher.ts']);
    expect(webPathToZod('lib/validation-locale.ts')?.[1]).toMatch(/^setItalianValidationMessages from /);
  });
});
