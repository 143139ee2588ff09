import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * What an input of a react-hook-form form takes from it: its registration and the message of its
 * field's error, to spread on a TextField (`{...field('email')}`).
 */
export function formField<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({ ...register(name), error: (errors[name] as FieldError | undefined)?.message });
}
