/**
 * True when the error is a unique-constraint violation, on SQLite or PostgreSQL: how a service
 * learns that a racing writer took the email, the code or the slot first.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
