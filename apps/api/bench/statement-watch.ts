import pg from 'pg';

/**
 * Calls `seen` with every `select`/`with` statement any pg client is sent from now on: its text, its
 * values and the connection's `options` (the search adapter's connections run `force_generic_plan`).
 * Patched on the prototype before the app connects, since the app's pool binds `query` per connection.
 */
export function watchStatements(seen: (text: string, values: unknown[], options: string) => void): void {
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : config?.text;
    const params = (typeof config === 'string' ? values : (config?.values ?? values)) as unknown[] | undefined;
    if (text && /^\s*(select|with)\b/i.test(text)) {
      seen(text, params ?? [], String((this as unknown as { connectionParameters: { options?: string } }).connectionParameters.options ?? ''));
    }
    return original.apply(this, args);
  };
}
