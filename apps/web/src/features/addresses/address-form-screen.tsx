import { ADDRESS_MAX, AddressBodySchema, addressesMessages } from '@farmacia/contract';
import { useEffect } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Loader } from '../../components/ui/loader';
import { TextField } from '../../components/ui/text-field';
import { NotFoundPage } from '../../components/not-found-page';
import { useEditedRecord } from '../../components/edited-record';
import { useRecordForm } from '../../components/record-form';
import { addressQueryOptions, useSaveAddress } from '../../lib/addresses-api';
import { formField } from '../../components/form-field';
import '../../components/ui/item-lists.css';
import '../../lib/validation-locale';

type FormInput = z.input<typeof AddressBodySchema>;
type FormOutput = z.output<typeof AddressBodySchema>;

const FIELDS = ['name', 'address_1', 'address_2', 'city', 'state_region', 'postal_code', 'phone_number', 'country', 'default'] as const;
const EMPTY: FormInput = { name: '', address_1: '', address_2: '', city: '', state_region: '', postal_code: '', phone_number: '', default: false };

/**
 * /app/address and /app/address/{id} (spec §2, §5 Address): add or edit an address. After saving
 * it goes to the `redirect` query value or /app/addresses, carrying the other query params plus
 * the address id (the checkout uses this to select the new address).
 */
export function AddressFormScreen() {
  const { id, editing, existing } = useEditedRecord(addressQueryOptions);
  const save = useSaveAddress(id);
  const { form, onSubmit } = useRecordForm<FormInput, FormOutput>({
    schema: AddressBodySchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    save: save.mutateAsync,
    savedText: addressesMessages.saved,
    listPath: '/app/addresses',
    idParam: 'address',
    failedText: (error) => (isApiError(error) && error.status === 403 ? error.message : addressesMessages.saveFailed),
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const field = formField(register, errors);

  useEffect(() => {
    const a = existing.data;
    if (a) {
      reset({
        name: a.name,
        address_1: a.address_1,
        address_2: a.address_2 ?? '',
        city: a.city,
        state_region: a.state_region,
        postal_code: a.postal_code,
        phone_number: a.phone_number ?? '',
        default: a.default,
      });
    }
  }, [existing.data, reset]);

  if (editing && (id === undefined || existing.isError || existing.data?.system)) {
    return (
      <NotFoundPage
        title={existing.data?.system ? addressesMessages.systemNotEditable : addressesMessages.notFound}
        to="/app/addresses"
        linkText={addressesMessages.listTitle}
      />
    );
  }
  if (editing && existing.isPending) return <Loader />;

  return (
    <div className="page">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="address-title">
        <h1 id="address-title">{editing ? addressesMessages.editTitle : addressesMessages.addTitle}</h1>
        <TextField label={addressesMessages.name} autoComplete="section-address nickname" maxLength={ADDRESS_MAX.name} {...field('name')} />
        <TextField label={addressesMessages.address1} autoComplete="address-line1" maxLength={ADDRESS_MAX.address_1} {...field('address_1')} />
        <TextField label={addressesMessages.address2} autoComplete="address-line2" maxLength={ADDRESS_MAX.address_2} {...field('address_2')} />
        <TextField label={addressesMessages.city} autoComplete="address-level2" maxLength={ADDRESS_MAX.city} {...field('city')} />
        <TextField
          label={addressesMessages.stateRegion}
          autoComplete="address-level1"
          maxLength={ADDRESS_MAX.state_region}
          {...field('state_region')}
        />
        <TextField
          label={addressesMessages.postalCode}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={ADDRESS_MAX.postal_code}
          {...field('postal_code')}
        />
        <TextField
          label={addressesMessages.phone}
          type="tel"
          autoComplete="tel"
          maxLength={ADDRESS_MAX.phone_number}
          {...field('phone_number')}
        />
        <Checkbox label={addressesMessages.makeDefault} {...register('default')} />
        <Button type="submit" block busy={save.isPending}>
          {addressesMessages.save}
        </Button>
      </form>
    </div>
  );
}
