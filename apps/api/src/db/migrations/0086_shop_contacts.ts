import { addTextColumns } from '../column.js';

/** The shop's address and contacts, edited by admins in the back office (issue 8, decision 0298). */
const COLUMNS = ['address', 'city', 'postal_code', 'province', 'phone', 'email', 'updated_at'] as const;

export const { up, down } = addTextColumns('shops', COLUMNS);
