import type { Generated } from 'kysely';

// The columns most tables share, written once (issue 16). Kysely only reads the fields, so a
// table interface that extends these is the same type as one that lists them.

/** An auto-increment integer primary key, filled by the database on insert. */
export interface WithId {
  id: Generated<number>;
}

/** created_at and updated_at, the UTC ISO strings of a row that changes after it is written. */
export interface Timestamped {
  created_at: string;
  updated_at: string;
}
