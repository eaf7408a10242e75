import { deliveryAddressProblems } from '@equip/domain/procurement';
import { msg } from '@lingui/core/macro';
import { formatCountry } from '@/lib/format';
import { i18n } from '@/lib/i18n/i18n';
import type { AddressDraft } from '../procurement-slice';

export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

/**
 * What is wrong with a delivery address, per field, in the reader's language: the required fields,
 * then the domain's rule (the server's too) for the country and its postal code format.
 */
export function addressErrors(address: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  const required: (keyof AddressDraft)[] = ['recipient', 'address', 'city', 'postalCode', 'country'];
  for (const field of required) if (address[field].trim() === '') errors[field] = i18n._(msg`Fill this in.`);
  if (errors.country || errors.postalCode) return errors;
  for (const problem of deliveryAddressProblems(address)) {
    const country = formatCountry(address.country.trim().toUpperCase());
    errors[problem.field] =
      problem.field === 'country'
        ? i18n._(msg`Choose a country from the list.`)
        : i18n._(msg`This is not a postal code of ${country}.`);
  }
  return errors;
}

export const isAddressValid = (address: AddressDraft) => Object.keys(addressErrors(address)).length === 0;
