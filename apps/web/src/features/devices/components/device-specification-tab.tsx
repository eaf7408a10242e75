import type { DeviceDetail } from '@equip/domain/devices';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { compareText, formatDate, formatFileSize } from '@/lib/format';
import { Skeleton } from '@/ui/skeleton';
import { DEVICE_TYPE_LABELS } from '../lib/device-labels';
import { Field, None, Section } from './device-fields';
import { osText } from './devices-table-columns';

/**
 * The names of the specification values Equip knows (the catalogue's and the agent's keys); the agent's
 * sizes are in bytes (`memoryBytes`, `diskBytes`) and read as sizes.
 */
const SPECIFICATION_LABELS: Record<string, MessageDescriptor> = {
  chip: msg`Chip`,
  cpu: msg`Processor`,
  memory: msg`Memory`,
  memoryBytes: msg`Memory`,
  storage: msg`Storage`,
  diskSize: msg`Storage`,
  diskBytes: msg`Storage`,
  screenSize: msg`Screen size`,
  color: msg`Colour`,
  keyboardLanguage: msg`Keyboard layout`,
  hostname: msg`Host name`,
  agentVersion: msg`Companion agent version`,
};

/** A value as it reads: sizes in bytes as sizes, the rest as reported. */
function specificationValue(key: string, value: string): string {
  const bytes = Number(value);
  return /Bytes$/.test(key) && value.trim() !== '' && Number.isFinite(bytes) ? formatFileSize(bytes) : value;
}

/** The hardware and system of one device, and the specification values its inventory reported. */
export function DeviceSpecificationTab({ device }: { device: DeviceDetail | undefined }) {
  const { i18n } = useLingui();
  if (!device) {
    return (
      <div className="space-y-4 p-6">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  const label = (key: string) => {
    const known = SPECIFICATION_LABELS[key];
    return known ? i18n._(known) : key;
  };
  const values = Object.entries(device.specification)
    .map(([key, value]) => [key, label(key), value] as const)
    .sort(([, a], [, b]) => compareText(a, b));
  return (
    <div>
      <Section title={<Trans>Hardware</Trans>}>
        <Field label={<Trans>Type</Trans>}>{DEVICE_TYPE_LABELS[device.type]}</Field>
        <Field label={<Trans>Manufacturer</Trans>}>{device.manufacturer ?? <None />}</Field>
        <Field label={<Trans>Model</Trans>}>{device.model ?? <None />}</Field>
        <Field label={<Trans>Serial number</Trans>}>
          {device.serialNumber ? <span className="font-mono">{device.serialNumber}</span> : <None />}
        </Field>
        <Field label={<Trans>Operating system</Trans>}>{osText(device)}</Field>
        <Field label={<Trans>Added</Trans>}>{formatDate(device.createdAt)}</Field>
      </Section>
      <Section title={<Trans>Specifications</Trans>}>
        {values.length === 0 ? (
          <p className="py-2 text-sm text-slate-500">
            <Trans>The device has not reported its specifications yet.</Trans>
          </p>
        ) : (
          values.map(([key, name, value]) => (
            <Field key={key} label={name}>
              {specificationValue(key, value)}
            </Field>
          ))
        )}
      </Section>
    </div>
  );
}
