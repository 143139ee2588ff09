import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Test-only fault injection for the crash-safety suite (apps/api/test/resilience): with
 * `FARMACIA_FAULT_PAUSE=insert:orders` (or `update:orders:1500`) the first statement of that kind
 * on that table holds its result for a while — inside the caller's transaction — after writing
 * `FAULT_PAUSE insert:orders` to stderr. The test then kills the process at that exact point
 * (or sends SIGTERM to check that shutdown drains a slow request). Never set in production:
 * it only ever delays, and only once per process.
 */
export interface FaultPause {
  statement: 'insert' | 'update' | 'delete';
  table: string;
  ms: number;
}

const PATTERN = /^(insert|update|delete):([a-z_]+)(?::(\d+))?$/;

/** Parses FARMACIA_FAULT_PAUSE; undefined when unset, throws on a malformed value. */
export function parseFaultPause(value: string | undefined): FaultPause | undefined {
  if (value === undefined || value === '') return undefined;
  const m = PATTERN.exec(value);
  if (!m) throw new Error(`FARMACIA_FAULT_PAUSE must look like 'insert:orders' or 'update:orders:1500', got '${value}'`);
  return { statement: m[1] as FaultPause['statement'], table: m[2] as string, ms: m[3] ? Number(m[3]) : 60_000 };
}

function tableOf(node: RootOperationNode): { statement: string; table: string | undefined } {
  const n = node as unknown as {
    kind: string;
    into?: { table?: { identifier?: { name?: string } } };
    table?: { table?: { identifier?: { name?: string } }; node?: { table?: { identifier?: { name?: string } } } };
    from?: { froms?: Array<{ table?: { identifier?: { name?: string } } }> };
  };
  switch (n.kind) {
    case 'InsertQueryNode':
      return { statement: 'insert', table: n.into?.table?.identifier?.name };
    case 'UpdateQueryNode':
      // `updateTable('t')` is a TableNode; `updateTable('t as a')` an AliasNode around one.
      return { statement: 'update', table: n.table?.table?.identifier?.name ?? n.table?.node?.table?.identifier?.name };
    case 'DeleteQueryNode':
      return { statement: 'delete', table: n.from?.froms?.[0]?.table?.identifier?.name };
    default:
      return { statement: 'other', table: undefined };
  }
}

export function faultPausePlugin(pause: FaultPause, announce: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): KyselyPlugin {
  const marked = new WeakSet<object>();
  let fired = false;
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (!fired) {
        const { statement, table } = tableOf(args.node);
        if (statement === pause.statement && table === pause.table) {
          fired = true;
          marked.add(args.queryId);
        }
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (marked.has(args.queryId)) {
        announce(`FAULT_PAUSE ${pause.statement}:${pause.table}`);
        await new Promise((resolve) => setTimeout(resolve, pause.ms));
      }
      return args.result;
    },
  };
}
