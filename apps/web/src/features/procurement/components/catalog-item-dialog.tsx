import { DeviceOs, DeviceType } from '@equip/domain/devices';
import type {
  CatalogItem,
  CatalogScope,
  CatalogSpecificationInput,
  CreateCatalogItemRequest,
} from '@equip/domain/procurement';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { DEVICE_OS_LABELS, DEVICE_TYPE_LABELS } from '@/features/devices/public';
import { Button, IconButton } from '@/ui/button';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { SelectField } from '@/ui/select-field';
import { centsToAmountText, parseAmountToCents } from '../lib/money';

/** A configuration as typed: every field text, prices as amounts. */
interface SpecificationDraft {
  key: number;
  chip: string;
  memory: string;
  storage: string;
  color: string;
  keyboardLanguage: string;
  screenSize: string;
  price: string;
  rent: string;
}

const SPEC_TEXT_FIELDS = ['chip', 'memory', 'storage', 'color', 'keyboardLanguage', 'screenSize'] as const;

let nextKey = 1;
const emptySpecification = (): SpecificationDraft => ({
  key: nextKey++,
  chip: '',
  memory: '',
  storage: '',
  color: '',
  keyboardLanguage: '',
  screenSize: '',
  price: '',
  rent: '',
});

const draftOf = (item: CatalogItem | null): SpecificationDraft[] =>
  item && item.specifications.length > 0
    ? item.specifications.map((spec) => ({
        key: nextKey++,
        chip: spec.chip ?? '',
        memory: spec.memory ?? '',
        storage: spec.storage ?? '',
        color: spec.color ?? '',
        keyboardLanguage: spec.keyboardLanguage ?? '',
        screenSize: spec.screenSize ?? '',
        price: centsToAmountText(spec.priceCents),
        rent: centsToAmountText(spec.rentPriceCents),
      }))
    : [emptySpecification()];

/** What the dialog answers: the request's fields (the scope only for a new model). */
export type CatalogItemValues = Omit<CreateCatalogItemRequest, 'organizationUuid'>;

/**
 * A catalog model with its configurations (issue 31, item 1): adding one and changing one are this one
 * form. A provider admin chooses whether a new model is General (every organisation's) or the
 * organisation's own; an IT owner's are always their organisation's. `onSubmit` answers an error to
 * show, or null.
 */
export function CatalogItemDialog({
  open,
  onOpenChange,
  item,
  canChooseScope,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The model to change; null to add one. */
  item: CatalogItem | null;
  canChooseScope: boolean;
  pending: boolean;
  onSubmit: (values: CatalogItemValues) => Promise<string | null>;
}) {
  const { t } = useLingui();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
      title={item ? t`Change ${item.label}` : t`Add a model`}
      description={
        <Trans>
          A model people can order, with each configuration you offer and its one-time price and monthly rent.
        </Trans>
      }
      className="max-w-2xl"
    >
      {open ? (
        <CatalogItemForm item={item} canChooseScope={canChooseScope} pending={pending} onSubmit={onSubmit} />
      ) : null}
    </FormDialog>
  );
}

function CatalogItemForm({
  item,
  canChooseScope,
  pending,
  onSubmit,
}: {
  item: CatalogItem | null;
  canChooseScope: boolean;
  pending: boolean;
  onSubmit: (values: CatalogItemValues) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [scope, setScope] = useState<CatalogScope>(item?.scope ?? 'Organization');
  const [label, setLabel] = useState(item?.label ?? '');
  const [deviceType, setDeviceType] = useState<DeviceType>(item?.deviceType ?? 'COMPUTER');
  const [operatingSystem, setOperatingSystem] = useState<DeviceOs>(item?.operatingSystem ?? 'MACOS');
  const [manufacturer, setManufacturer] = useState(item?.manufacturer ?? '');
  const [modelName, setModelName] = useState(item?.modelName ?? '');
  const [imageUrl, setImageUrl] = useState(item?.imageUrl ?? '');
  const [specifications, setSpecifications] = useState(() => draftOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = (key: number, field: keyof Omit<SpecificationDraft, 'key'>, value: string) =>
    setSpecifications((before) =>
      before.map((spec) => (spec.key === key ? { ...spec, [field]: value } : spec)),
    );

  function validate(): { values: CatalogItemValues | null; found: Record<string, string> } {
    const found: Record<string, string> = {};
    if (label.trim() === '') found.label = t`Give the model a name people recognise.`;
    if (manufacturer.trim() === '') found.manufacturer = t`Say who makes it.`;
    if (modelName.trim() === '') found.modelName = t`Give the manufacturer's model name.`;
    if (imageUrl.trim() !== '' && !/^https?:\/\/\S+$/.test(imageUrl.trim()))
      found.imageUrl = t`A picture's address starts with https://.`;
    const specs: CatalogSpecificationInput[] = specifications.map((spec) => {
      const priceCents = parseAmountToCents(spec.price);
      const rentPriceCents = spec.rent.trim() === '' ? null : parseAmountToCents(spec.rent);
      if (priceCents === null) found[`price-${spec.key}`] = t`Enter the price, e.g. 1299.00.`;
      if (spec.rent.trim() !== '' && rentPriceCents === null)
        found[`rent-${spec.key}`] = t`Enter the monthly rent, or leave it empty when it cannot be rented.`;
      const text = (value: string) => value.trim() || null;
      return {
        chip: text(spec.chip),
        memory: text(spec.memory),
        storage: text(spec.storage),
        color: text(spec.color),
        keyboardLanguage: text(spec.keyboardLanguage),
        screenSize: text(spec.screenSize),
        priceCents: priceCents ?? 0,
        rentPriceCents,
        currency: 'EUR',
      };
    });
    if (Object.keys(found).length > 0) return { values: null, found };
    return {
      found,
      values: {
        scope,
        label: label.trim(),
        deviceType,
        operatingSystem,
        manufacturer: manufacturer.trim(),
        modelName: modelName.trim(),
        imageUrl: imageUrl.trim() || null,
        specifications: specs,
      },
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { values, found } = validate();
    setErrors(found);
    if (!values) {
      // The first field with an error takes the focus.
      const first = document.querySelector<HTMLElement>(`[data-form="${formId}"] [aria-invalid="true"]`);
      first?.focus();
      return;
    }
    setFailure(await onSubmit(values));
  }

  const specLabels: Record<(typeof SPEC_TEXT_FIELDS)[number], string> = {
    chip: t`Chip`,
    memory: t`Memory`,
    storage: t`Storage`,
    color: t`Colour`,
    keyboardLanguage: t`Keyboard language`,
    screenSize: t`Screen size`,
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-form={formId}>
      {canChooseScope && !item ? (
        <SelectField
          label={t`Catalog`}
          value={scope}
          options={[
            { value: 'Organization', label: t`This organisation's own` },
            { value: 'General', label: t`General (every organisation)` },
          ]}
          onChange={(event) => setScope(event.target.value === 'General' ? 'General' : 'Organization')}
        />
      ) : null}
      <TextField
        label={t`Name`}
        value={label}
        required
        error={errors.label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t`Device type`}
          value={deviceType}
          options={DeviceType.options.map((value) => ({ value, label: DEVICE_TYPE_LABELS[value] }))}
          onChange={(event) => setDeviceType(DeviceType.parse(event.target.value))}
        />
        <SelectField
          label={t`Operating system`}
          value={operatingSystem}
          options={DeviceOs.options
            .filter((value) => value !== 'UNKNOWN')
            .map((value) => ({ value, label: DEVICE_OS_LABELS[value] }))}
          onChange={(event) => setOperatingSystem(DeviceOs.parse(event.target.value))}
        />
        <TextField
          label={t`Manufacturer`}
          value={manufacturer}
          required
          error={errors.manufacturer}
          onChange={(event) => setManufacturer(event.target.value)}
        />
        <TextField
          label={t`Model name`}
          value={modelName}
          required
          error={errors.modelName}
          onChange={(event) => setModelName(event.target.value)}
        />
      </div>
      <TextField
        label={t`Picture (address)`}
        hint={t`Optional: an https:// address of a picture of the model.`}
        value={imageUrl}
        inputMode="url"
        error={errors.imageUrl}
        onChange={(event) => setImageUrl(event.target.value)}
      />
      <fieldset className="space-y-3">
        <legend className="font-medium text-slate-900 text-sm">
          <Trans>Configurations</Trans>
        </legend>
        {specifications.map((spec, index) => {
          const position = index + 1;
          return (
            <fieldset key={spec.key} className="space-y-3 rounded-lg border border-slate-200 p-3">
              <legend className="flex w-full items-center justify-between gap-2 px-1 text-slate-700 text-sm">
                <span>
                  <Trans>Configuration {position}</Trans>
                </span>
                {specifications.length > 1 ? (
                  <IconButton
                    label={t`Remove configuration ${position}`}
                    onClick={() =>
                      setSpecifications((before) => before.filter((other) => other.key !== spec.key))
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                ) : null}
              </legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {SPEC_TEXT_FIELDS.map((field) => (
                  <TextField
                    key={field}
                    label={specLabels[field]}
                    value={spec[field]}
                    onChange={(event) => change(spec.key, field, event.target.value)}
                  />
                ))}
                <TextField
                  label={t`Price (€)`}
                  value={spec.price}
                  required
                  inputMode="decimal"
                  error={errors[`price-${spec.key}`]}
                  onChange={(event) => change(spec.key, 'price', event.target.value)}
                />
                <TextField
                  label={t`Monthly rent (€)`}
                  hint={t`Empty: not for rent`}
                  value={spec.rent}
                  inputMode="decimal"
                  error={errors[`rent-${spec.key}`]}
                  onChange={(event) => change(spec.key, 'rent', event.target.value)}
                />
              </div>
            </fieldset>
          );
        })}
        {specifications.length < 50 ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setSpecifications((before) => [...before, emptySpecification()])}
          >
            <Plus aria-hidden="true" />
            <Trans>Add a configuration</Trans>
          </Button>
        ) : null}
      </fieldset>
      {failure ? (
        <p role="alert" className="text-red-700 text-sm">
          {failure}
        </p>
      ) : null}
      <FormDialogActions
        submitLabel={item ? t`Save changes` : t`Add the model`}
        pending={pending}
        pendingLabel={t`Saving…`}
      />
    </form>
  );
}
