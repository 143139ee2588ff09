import { FISCAL_CODE_LENGTH } from '@farmacia/contract';
import { TextField, type TextFieldProps } from './ui/text-field';

/** A fiscal code input (signup, profile, fiscal codes): shown in capitals, 16 characters, no autocomplete or spelling correction. */
export function FiscalCodeField(props: TextFieldProps) {
  return (
    <TextField
      className="field--uppercase"
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      maxLength={FISCAL_CODE_LENGTH}
      {...props}
    />
  );
}
