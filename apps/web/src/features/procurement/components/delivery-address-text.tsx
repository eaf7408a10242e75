import type { DeliveryAddress } from '@equip/domain/procurement';
import { useLingui } from '@lingui/react/macro';
import { formatCountry } from '@/lib/format';

/** A delivery address as it is written on a parcel: recipient, care of, street, postcode and city, country. */
export function DeliveryAddressText({ address }: { address: DeliveryAddress }) {
  const { t } = useLingui();
  return (
    <address className="not-italic">
      {address.recipient}
      <br />
      {address.careOf ? (
        <>
          {t`c/o ${address.careOf}`}
          <br />
        </>
      ) : null}
      {address.address}
      <br />
      {address.postalCode} {address.city}
      <br />
      {formatCountry(address.country)}
    </address>
  );
}
