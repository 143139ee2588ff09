import { consoleMessages } from '@farmacia/contract';
import { useState } from 'react';
import { HintedCheckbox } from '../../components/hinted-checkbox';

/** A line of a product the catalogue does not have, as the pharmacist describes it. */
export interface UnlistedLine {
  code: string;
  name: string;
  price: number;
  medicine: boolean;
}

const EMPTY = { code: '', name: '', price: '', medicine: true };

/**
 * Adds to the proposal a product the catalogue does not have (a galenic preparation, a product
 * ordered for the customer). It starts as a medicine — no discount code, no points — and the
 * pharmacist unticks it for parapharmacy: the law's safe side when nobody says (decision 0699).
 * The server checks the code, name and price like any final line.
 */
export function UnlistedLinePicker({ onAdd }: { onAdd: (line: UnlistedLine) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const M = consoleMessages.orders;
  const ready = draft.code.trim() !== '' && draft.name.trim() !== '' && draft.price.trim() !== '';
  return (
    <fieldset className="picker">
      <legend>{M.addUnlisted}</legend>
      <label>
        {M.unlistedCode}
        <input value={draft.code} maxLength={20} onChange={(e) => setDraft({ ...draft, code: e.target.value })} />
      </label>
      <label>
        {M.unlistedName}
        <input value={draft.name} maxLength={200} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </label>
      <label>
        {M.unlistedPrice}
        <input type="number" min={0} step="0.01" value={draft.price} onChange={(e) => setDraft({ ...draft, price: e.target.value })} />
      </label>
      <HintedCheckbox
        id="unlisted-medicine"
        label={M.unlistedMedicine}
        hint={M.unlistedMedicineHint}
        checked={draft.medicine}
        onChange={(medicine) => setDraft({ ...draft, medicine })}
      />
      <button
        type="button"
        disabled={!ready}
        onClick={() => {
          onAdd({ code: draft.code.trim(), name: draft.name.trim(), price: Number(draft.price), medicine: draft.medicine });
          setDraft(EMPTY);
        }}
      >
        {M.addUnlistedButton}
      </button>
    </fieldset>
  );
}
