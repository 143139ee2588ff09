import { addTextColumns } from '../column.js';

/**
 * The seller's legal identity (issue 15): what Regulation (EU) 699/2014 and D.Lgs. 219/2006
 * art. 112-quater want shown on every page that sells medicines at a distance. Edited by admins in
 * the back office. `ministry_authorization_code` set = the shop may sell SOP/OTC medicines online.
 */
const COLUMNS = [
  'legal_name',
  'vat_number',
  'registered_office',
  'responsible_pharmacist',
  'pharmacist_registration',
  'ministry_authorization_code',
  'ministry_authorization_date',
  'ministry_list_url',
] as const;

export const { up, down } = addTextColumns('shops', COLUMNS);
