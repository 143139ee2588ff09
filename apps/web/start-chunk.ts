import type { CodeSplittingNameFunction } from 'rolldown';

type ChunkingContext = Parameters<CodeSplittingNameFunction>[1];

/**
 * The app's own modules: the ones this grouping picks. Not the contract's: its index reaches every
 * contract module by static imports, the whole `messages` too, which only screens use once unused
 * exports are dropped — the graph cannot tell. The contract modules a picked module uses come
 * into the chunk with it (Rolldown's `includeDependenciesRecursively`, on by default).
 */
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * The start's shared modules in one chunk named `shell` (issue 22, decision 0686). The start
 * (`startModule`, src/app/start.tsx) imports the app in steps, each a chunk evaluated in a task of
 * its own (decision 0373). The small modules of those steps that a lazy screen imports too (the API
 * client, the icons, the money format, the tabs' texts…) were each a chunk of their own of 1–3 KB:
 * a dozen more requests during the start, each a response, a compile and a load task of the main
 * thread. Here they are one chunk, evaluated in a step of its own (start.tsx). A step and a
 * screen (modules imported dynamically) keep their own chunks, so the steps stay apart, and a
 * module no screen shares stays in its step's chunk; React and TanStack keep their own groups.
 */
export function startSharedChunk(entryModule: string, startModule: string): CodeSplittingNameFunction {
  let shared: Set<string> | undefined;
  const find = (ctx: ChunkingContext) => {
    /** The modules `id` imports, transitively: statically only, or through dynamic imports too. */
    const closure = (id: string, dynamic = false) => {
      const found = new Set<string>();
      const queue = [id];
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (found.has(next)) continue;
        found.add(next);
        const info = ctx.getModuleInfo(next);
        queue.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
      }
      return found;
    };
    // Every chunk's entry: the page's entry and each module imported dynamically anywhere.
    const reachable = [...closure(entryModule, true)];
    const entries = new Set([entryModule, ...reachable.flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])]);
    const steps = new Set(ctx.getModuleInfo(startModule)?.dynamicallyImportedIds ?? []);
    const ofSteps = new Set([...steps].flatMap((step) => [...closure(step)]));
    // What a screen shares with the steps: a module of the steps' closure that a chunk loaded
    // later (a screen, a part loaded on demand) imports too. A module no other chunk imports stays
    // in its step's chunk, as before.
    const ofLater = new Set([...entries].filter((entry) => !ofSteps.has(entry) && entry !== entryModule && entry !== startModule).flatMap((entry) => [...closure(entry)]));
    return new Set([...ofSteps].filter((id) => APP_SOURCE.test(id) && !entries.has(id) && ofLater.has(id)));
  };
  return (id, ctx) => {
    shared ??= find(ctx);
    return shared.has(id) ? 'shell' : null;
  };
}
