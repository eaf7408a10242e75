import type { CatalogItem, CatalogSortingKey, CatalogSpecification } from '@equip/domain/procurement';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { DEVICE_OS_LABELS, DEVICE_TYPE_LABELS, DeviceTypeIcon } from '@/features/devices/public';
import { Badge } from '@/ui/badge';
import { Button, IconButton } from '@/ui/button';
import { actionsColumn } from '@/ui/data-table/actions-column';
import { formatCents } from '../lib/money';
import type { PurchaseType } from '../procurement-slice';

const column = createColumnHelper<CatalogItem>();

function meta(
  sortKey: CatalogSortingKey | undefined,
  className: string,
  extra: ColumnMeta<CatalogItem, unknown> = {},
): ColumnMeta<CatalogItem, unknown> {
  return { sortKey, className, ...extra };
}

/** A specification in a few words: chip, memory, storage, colour, keyboard, screen. */
export function specificationText(
  spec: Pick<
    CatalogSpecification,
    'chip' | 'memory' | 'storage' | 'screenSize' | 'color' | 'keyboardLanguage'
  >,
): string {
  return [spec.chip, spec.memory, spec.storage, spec.screenSize, spec.color, spec.keyboardLanguage]
    .filter(Boolean)
    .join(' · ');
}

/** A specification's price for the way it is paid: the one-time price, or the monthly rent (null: not for rent). */
export function priceOf(spec: CatalogSpecification, purchaseType: PurchaseType): number | null {
  return purchaseType === 'rent' ? spec.rentPriceCents : spec.priceCents;
}

function Price({ spec, purchaseType }: { spec: CatalogSpecification; purchaseType: PurchaseType }) {
  const cents = priceOf(spec, purchaseType);
  if (cents === null)
    return (
      <span className="text-slate-500">
        <Trans>Not for rent</Trans>
      </span>
    );
  const amount = formatCents(cents, spec.currency);
  return (
    <span className="font-medium text-slate-900 tabular-nums">
      {purchaseType === 'rent' ? <Trans>{amount} / month</Trans> : amount}
    </span>
  );
}

function Specifications({
  item,
  purchaseType,
  onAdd,
}: {
  item: CatalogItem;
  purchaseType: PurchaseType;
  onAdd?: ((item: CatalogItem, spec: CatalogSpecification) => void) | undefined;
}) {
  const { t } = useLingui();
  return (
    <ul className="space-y-1.5 py-1">
      {item.specifications.map((spec) => {
        const text = specificationText(spec) || t`Standard configuration`;
        const price = priceOf(spec, purchaseType);
        return (
          <li key={spec.uuid} className="flex items-center gap-3 text-sm">
            <span className="min-w-0 flex-1 truncate text-slate-700" title={text}>
              {text}
            </span>
            <span className="w-36 shrink-0 text-right">
              <Price spec={spec} purchaseType={purchaseType} />
            </span>
            {onAdd ? (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={price === null}
                aria-label={t`Add ${item.label}, ${text}`}
                onClick={(event) => {
                  // The row itself does not open anything in the wizard.
                  event.stopPropagation();
                  onAdd(item, spec);
                }}
              >
                <Plus aria-hidden="true" />
                <Trans>Add</Trans>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The lowest price of an item for the way it is paid (null: none of its configurations can be rented). */
function lowestPrice(item: CatalogItem, purchaseType: PurchaseType): CatalogSpecification | null {
  const priced = item.specifications.filter((spec) => priceOf(spec, purchaseType) !== null);
  if (priced.length === 0) return null;
  return priced.reduce((low, spec) =>
    (priceOf(spec, purchaseType) ?? 0) < (priceOf(low, purchaseType) ?? 0) ? spec : low,
  );
}

/** Changing and removing models on the catalog page (not in the order wizard). */
export interface CatalogManagement {
  /** Whether the signed-in person may change this model (their organisation's own; General for provider admins). */
  canChange: (item: CatalogItem) => boolean;
  onChange: (item: CatalogItem) => void;
  onRemove: (item: CatalogItem) => void;
}

function ManageActions({ item, manage }: { item: CatalogItem; manage: CatalogManagement }) {
  const { t } = useLingui();
  if (!manage.canChange(item)) return null;
  return (
    <div className="flex justify-end gap-1">
      <IconButton label={t`Change ${item.label}`} onClick={() => manage.onChange(item)}>
        <Pencil aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton label={t`Remove ${item.label}`} onClick={() => manage.onRemove(item)}>
        <Trash2 aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );
}

/**
 * The catalog's columns: the model with its picture, type and operating system and, under it, its
 * configurations with their price for the way it is paid (each with Add in the order wizard) — in the
 * first column, which never hides when the table is narrow; the lowest price (sorted by it) and the
 * scope beside it.
 */
export function catalogColumns(
  purchaseType: PurchaseType,
  onAdd?: (item: CatalogItem, spec: CatalogSpecification) => void,
  manage?: CatalogManagement,
) {
  const columns = [
    column.accessor('label', {
      header: () =>
        purchaseType === 'rent' ? (
          <Trans>Model and configurations (rent)</Trans>
        ) : (
          <Trans>Model and configurations</Trans>
        ),
      meta: meta('label', 'min-w-[26rem]', { skeleton: 'person', maxWidth: '46rem' }),
      cell: ({ row }) => (
        <div className="min-w-0 space-y-2 py-1">
          <div className="flex min-w-0 items-center gap-3">
            {row.original.imageUrl ? (
              <img
                src={row.original.imageUrl}
                alt=""
                className="size-10 shrink-0 rounded-lg object-contain ring-1 ring-slate-200"
              />
            ) : (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                <DeviceTypeIcon type={row.original.deviceType} className="size-5" />
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{row.original.label}</p>
              <p className="truncate text-xs text-slate-500">
                {row.original.manufacturer} · {DEVICE_TYPE_LABELS[row.original.deviceType]} ·{' '}
                {DEVICE_OS_LABELS[row.original.operatingSystem]}
              </p>
            </div>
          </div>
          <Specifications item={row.original} purchaseType={purchaseType} onAdd={onAdd} />
        </div>
      ),
    }),
    column.display({
      id: 'lowestPrice',
      header: () => <Trans>Lowest price</Trans>,
      meta: meta(purchaseType === 'rent' ? 'rentPrice' : 'price', 'w-36', { priority: 2 }),
      cell: ({ row }) => {
        const spec = lowestPrice(row.original, purchaseType);
        return spec ? (
          <Price spec={spec} purchaseType={purchaseType} />
        ) : (
          <span className="text-slate-500">
            <Trans>Not for rent</Trans>
          </span>
        );
      },
    }),
    column.accessor('scope', {
      header: () => <Trans>Catalog</Trans>,
      meta: meta(undefined, 'w-36', { priority: 1 }),
      cell: (info) =>
        info.getValue() === 'General' ? (
          <Badge tone="indigo">
            <Trans>General</Trans>
          </Badge>
        ) : (
          <Badge tone="violet">
            <Trans>Your organisation</Trans>
          </Badge>
        ),
    }),
  ];
  return manage
    ? [
        ...columns,
        actionsColumn<CatalogItem>(
          ({ row }) => <ManageActions item={row.original} manage={manage} />,
          'w-24 text-right',
        ),
      ]
    : columns;
}
