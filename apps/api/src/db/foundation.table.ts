import type { CreatedAt, WithId } from './row.js';

export interface ShopTable extends WithId, CreatedAt {
  name: string;
  /** Address and contacts (migration 0086), edited by admins in the back office. */
  address: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  phone: string | null;
  email: string | null;
  updated_at: string | null;
  /** The seller's legal identity (migration 0100, issue 15): ragione sociale, partita IVA, sede legale. */
  legal_name: string | null;
  vat_number: string | null;
  registered_office: string | null;
  /** Direttore responsabile and their registration with the Ordine dei Farmacisti. */
  responsible_pharmacist: string | null;
  pharmacist_registration: string | null;
  /** Ministry of Health authorization to sell SOP/OTC medicines online; set = online sale allowed. */
  ministry_authorization_code: string | null;
  /** ISO date (YYYY-MM-DD) of that authorization. */
  ministry_authorization_date: string | null;
  /** The shop's entry in the Ministry's list of authorized online sellers (the EU logo's link). */
  ministry_list_url: string | null;
}

export interface ShopTables {
  shops: ShopTable;
}
