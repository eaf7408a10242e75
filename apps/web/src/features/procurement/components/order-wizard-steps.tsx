import type { CatalogItem, CatalogSpecification } from '@equip/domain/procurement';
import { Trans, useLingui } from '@lingui/react/macro';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId } from 'react';
import { PersonPicker } from '@/features/devices/public';
import { browserCountry, CountrySelect } from '@/features/organizations/public';
import { errorMessage } from '@/lib/api/error-message';
import { formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/form-field';
import { Skeleton } from '@/ui/skeleton';
import { useSavedAddress } from '../api/orders';
import type { AddressErrors } from '../lib/address-errors';
import { formatCents } from '../lib/money';
import { PURCHASE_TYPE_LABELS } from '../lib/procurement-labels';
import {
  type AddressDraft,
  addLine,
  emptyAddress,
  fillAddress,
  type OrderLine,
  type PurchaseType,
  removeLine,
  selectOrder,
  setAddressField,
  setPurchaseType,
  setQuantity,
  setRecipient,
} from '../procurement-slice';
import { CatalogAnnouncements } from './catalog-announcements';
import { priceOf, specificationText } from './catalog-columns';
import { CatalogTable } from './catalog-table';
import { DeliveryAddressText } from './delivery-address-text';

/** A line's price for the order's way of paying (rent: per month). */
export const linePrice = (line: OrderLine, purchaseType: PurchaseType) =>
  (purchaseType === 'rent' ? (line.rentPriceCents ?? 0) : line.priceCents) * line.quantity;

function PurchaseTypeChoice() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { purchaseType } = useAppSelector(selectOrder);
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-900">
        <Trans>How do you want to pay?</Trans>
      </legend>
      <div className="flex flex-wrap gap-3">
        {(['one-time-purchase', 'rent'] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-300"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={purchaseType === value}
              onChange={() => dispatch(setPurchaseType(value))}
              className="size-4 accent-indigo-600"
            />
            {value === 'rent' ? t`Rent monthly` : t`Buy once`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RecipientChoice() {
  const dispatch = useAppDispatch();
  const { recipient } = useAppSelector(selectOrder);
  return (
    <div className="space-y-2">
      <PersonPicker
        value={recipient?.uuid ?? null}
        onChange={(uuid, person) =>
          dispatch(setRecipient({ uuid, name: `${person.firstName} ${person.lastName}`.trim() }))
        }
      />
      {recipient ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Trans>For {recipient.name}</Trans>
          <Button type="button" size="sm" variant="ghost" onClick={() => dispatch(setRecipient(null))}>
            <Trans>For the organisation's stock instead</Trans>
          </Button>
        </p>
      ) : (
        <p className="text-sm text-slate-500">
          <Trans>Nobody chosen: the devices go to the organisation's stock.</Trans>
        </p>
      )}
    </div>
  );
}

/** The chosen devices with their quantities, changed in place. */
function ChosenDevices({ error }: { error: string | undefined }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { lines, purchaseType } = useAppSelector(selectOrder);
  return (
    <section aria-labelledby="chosen-devices" className="rounded-lg border border-slate-200 bg-white">
      <h3
        id="chosen-devices"
        className="border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-900"
      >
        <Trans>Chosen devices ({formatNumber(lines.reduce((sum, line) => sum + line.quantity, 0))})</Trans>
      </h3>
      {lines.length === 0 ? (
        <p
          className={error ? 'px-4 py-4 text-sm text-red-700' : 'px-4 py-4 text-sm text-slate-500'}
          role={error ? 'alert' : undefined}
        >
          {error ?? t`Add a configuration from the catalog below.`}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {lines.map((line) => (
            <li
              key={line.specificationUuid}
              className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{line.label}</span>
                <span className="block text-xs text-slate-500">{line.description}</span>
              </span>
              <span className="flex items-center gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t`One less ${line.label}`}
                  disabled={line.quantity <= 1}
                  onClick={() =>
                    dispatch(
                      setQuantity({ specificationUuid: line.specificationUuid, quantity: line.quantity - 1 }),
                    )
                  }
                >
                  <Minus aria-hidden="true" />
                </Button>
                <TextField
                  label={<span className="sr-only">{t`Quantity of ${line.label}`}</span>}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  value={line.quantity}
                  onChange={(event) =>
                    dispatch(
                      setQuantity({
                        specificationUuid: line.specificationUuid,
                        quantity: Number(event.target.value),
                      }),
                    )
                  }
                  className="w-20"
                />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t`One more ${line.label}`}
                  onClick={() =>
                    dispatch(
                      setQuantity({ specificationUuid: line.specificationUuid, quantity: line.quantity + 1 }),
                    )
                  }
                >
                  <Plus aria-hidden="true" />
                </Button>
              </span>
              <span className="w-32 text-right tabular-nums">
                {formatCents(linePrice(line, purchaseType), line.currency)}
              </span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={t`Remove ${line.label}`}
                onClick={() => dispatch(removeLine(line.specificationUuid))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Step devices-selection: how it is paid, for whom, and what from the catalog. */
export function DevicesSelectionStep({ error }: { error: string | undefined }) {
  const dispatch = useAppDispatch();
  const { purchaseType } = useAppSelector(selectOrder);
  const onAdd = useCallback(
    (item: CatalogItem, spec: CatalogSpecification) => {
      if (priceOf(spec, purchaseType) === null) return;
      dispatch(
        addLine({
          specificationUuid: spec.uuid,
          label: item.label,
          description: specificationText(spec),
          priceCents: spec.priceCents,
          rentPriceCents: spec.rentPriceCents,
          currency: spec.currency,
        }),
      );
    },
    [dispatch, purchaseType],
  );
  return (
    <div className="space-y-6">
      <CatalogAnnouncements />
      <div className="grid gap-6 lg:grid-cols-2">
        <PurchaseTypeChoice />
        <RecipientChoice />
      </div>
      <ChosenDevices error={error} />
      <CatalogTable purchaseType={purchaseType} onAdd={onAdd} />
    </div>
  );
}

/**
 * Fills the address once per recipient: the address their hardware was last sent to, else their name
 * in the browser's country (nobody chosen: the country only).
 */
function useAddressDefault() {
  const dispatch = useAppDispatch();
  const { recipient, addressFilledFor } = useAppSelector(selectOrder);
  const key = recipient?.uuid ?? 'stock';
  const saved = useSavedAddress(addressFilledFor === key ? null : (recipient?.uuid ?? null));
  useEffect(() => {
    if (addressFilledFor === key) return;
    if (recipient && saved.isPending) return;
    const fallback: AddressDraft = {
      ...emptyAddress,
      recipient: recipient?.name ?? '',
      country: browserCountry(),
    };
    const found = saved.data;
    dispatch(
      fillAddress({
        for: key,
        address: found ? { ...emptyAddress, ...found, careOf: found.careOf ?? '' } : fallback,
      }),
    );
  }, [addressFilledFor, key, recipient, saved.isPending, saved.data, dispatch]);
  return { loading: addressFilledFor !== key, savedError: saved.isError ? saved.error : null };
}

/** Step delivery-address: where the devices go, checked per country. */
export function DeliveryAddressStep({ errors }: { errors: AddressErrors }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const { address } = useAppSelector(selectOrder);
  const { loading, savedError } = useAddressDefault();
  if (loading)
    return (
      <div className="max-w-xl space-y-3" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the saved address…</Trans>
        </span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  const field = (name: keyof AddressDraft) => ({
    value: address[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      dispatch(setAddressField({ field: name, value: event.target.value })),
  });
  return (
    <div className="max-w-xl space-y-4">
      {savedError ? (
        <Alert variant="warning">{errorMessage(savedError, t`Could not load the saved address`)}</Alert>
      ) : null}
      <TextField label={t`Recipient`} autoComplete="name" maxLength={200} required {...field('recipient')} />
      <TextField label={t`Care of (optional)`} maxLength={200} {...field('careOf')} />
      <TextField
        label={t`Street and number`}
        autoComplete="street-address"
        maxLength={300}
        required
        {...field('address')}
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          label={t`Postal code`}
          autoComplete="postal-code"
          maxLength={20}
          required
          {...field('postalCode')}
        />
        <TextField
          label={t`City`}
          autoComplete="address-level2"
          maxLength={100}
          required
          {...field('city')}
        />
      </div>
      <CountrySelect label={t`Country`} required {...field('country')} />
    </div>
  );
}

/** Step summary: everything before the order is placed. */
export function OrderSummaryStep() {
  const { t } = useLingui();
  const { lines, purchaseType, recipient, address } = useAppSelector(selectOrder);
  const total = lines.reduce((sum, line) => sum + linePrice(line, purchaseType), 0);
  const currency = lines[0]?.currency ?? 'EUR';
  const totalText = formatCents(total, currency);
  return (
    <dl className="grid max-w-4xl gap-6 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Devices</Trans>
        </dt>
        <dd>
          <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {lines.map((line) => (
              <li
                key={line.specificationUuid}
                className="flex flex-wrap justify-between gap-3 px-4 py-2.5 text-sm"
              >
                <span>
                  <span className="font-medium text-slate-900">
                    {formatNumber(line.quantity)} × {line.label}
                  </span>
                  <span className="block text-xs text-slate-500">{line.description}</span>
                </span>
                <span className="tabular-nums">
                  {formatCents(linePrice(line, purchaseType), line.currency)}
                </span>
              </li>
            ))}
            <li className="flex justify-between gap-3 px-4 py-2.5 text-sm font-semibold text-slate-900">
              <span>{purchaseType === 'rent' ? t`Total per month` : t`Total`}</span>
              <span className="tabular-nums">{totalText}</span>
            </li>
          </ul>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Payment</Trans>
        </dt>
        <dd className="text-slate-900">{PURCHASE_TYPE_LABELS[purchaseType]}</dd>
        <dt className="mt-3 text-sm font-medium text-slate-500">
          <Trans>For</Trans>
        </dt>
        <dd className="text-slate-900">{recipient?.name ?? t`The organisation's stock`}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-500">
          <Trans>Delivery address</Trans>
        </dt>
        <dd className="text-slate-900">
          <DeliveryAddressText address={address} />
        </dd>
      </div>
    </dl>
  );
}
