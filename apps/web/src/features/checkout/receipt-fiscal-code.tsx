import { type FiscalCode, fillMessage, saleRulesMessages } from '@farmacia/contract';
import { useState } from 'react';
import { RadioChoices } from '../../components/ui/radio-choices';
import { ChoiceDialog } from '../../components/dialog-actions';

/**
 * The receipt's fiscal code step ("scontrino parlante", decision 0401): which of the customer's
 * fiscal codes — their own or a family member's — the pharmacy prints on the receipt, so the
 * expense is deductible for that person. `null` means the customer's own (main) code.
 */

export const receiptCodeLabel = (code: FiscalCode) =>
  code.main ? fillMessage(saleRulesMessages.ownFiscalCode, { code: code.codice_fiscale }) : code.codice_fiscale;

/** The code the order will carry: the chosen one, or the main one when none was chosen. */
export const receiptCodeOf = (codes: readonly FiscalCode[] | undefined, chosenId: number | null) =>
  codes?.find((c) => (chosenId === null ? c.main : c.id === chosenId));

export function ReceiptFiscalCodeModal({
  codes,
  chosenId,
  onChoose,
  onClose,
}: {
  codes: readonly FiscalCode[];
  chosenId: number | null;
  onChoose: (id: number) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState<number | null>(receiptCodeOf(codes, chosenId)?.id ?? null);
  return (
    <ChoiceDialog
      title={saleRulesMessages.receiptFiscalCode}
      ready={value !== null}
      onClose={onClose}
      onConfirm={() => {
        if (value !== null) onChoose(value);
        onClose();
      }}
    >
      <p className="cart-item__detail">{saleRulesMessages.receiptFiscalCodeHint}</p>
      {codes.length > 0 ? (
        <RadioChoices
          legend={saleRulesMessages.receiptFiscalCode}
          choices={codes.map((c) => ({ value: String(c.id), label: receiptCodeLabel(c) }))}
          value={value === null ? null : String(value)}
          onChange={(v) => setValue(Number(v))}
          name="receipt-fiscal-code"
        />
      ) : (
        <p className="notice notice--info">{saleRulesMessages.noReceiptFiscalCode}</p>
      )}
    </ChoiceDialog>
  );
}
