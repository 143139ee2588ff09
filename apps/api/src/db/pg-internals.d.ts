/** node-postgres' own value mapper (what its `Query` binds parameters with); the package ships no types for it. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
