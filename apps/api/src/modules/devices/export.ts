import type { DeviceExportField, DeviceListItem } from '@equip/domain/devices';
import type { ShippedLocale } from '@equip/domain/locale';
import type { TableExportTexts } from '../../imports/export.ts';
import type { ExportWords } from '../../imports/words.ts';

/** The headers of the devices export in each language: the words of the table and of a device's details. */
export const DEVICE_EXPORT_TEXTS: Record<ShippedLocale, TableExportTexts<DeviceExportField>> = {
  en: {
    sheetName: 'Devices',
    headers: {
      name: 'Name',
      type: 'Type',
      model: 'Model',
      serialNumber: 'Serial number',
      os: 'Operating system',
      osVersion: 'OS version',
      assignmentType: 'Assignment',
      assignedTo: 'Assigned to',
      location: 'Location',
      isEncrypted: 'Encrypted',
      isProtected: 'Protected',
      enrollmentState: 'Enrolment',
      mdmProvider: 'MDM',
      mdmStatus: 'MDM status',
      status: 'Status',
      lastSeenAt: 'Last seen',
      uuid: 'ID',
    },
  },
  de: {
    sheetName: 'Geräte',
    headers: {
      name: 'Name',
      type: 'Typ',
      model: 'Modell',
      serialNumber: 'Seriennummer',
      os: 'Betriebssystem',
      osVersion: 'Betriebssystemversion',
      assignmentType: 'Zuweisung',
      assignedTo: 'Zugewiesen an',
      location: 'Standort',
      isEncrypted: 'Verschlüsselt',
      isProtected: 'Geschützt',
      enrollmentState: 'Registrierung',
      mdmProvider: 'MDM',
      mdmStatus: 'MDM-Status',
      status: 'Status',
      lastSeenAt: 'Zuletzt gesehen',
      uuid: 'ID',
    },
  },
};

/** One row of the devices table as a row of the export: values in the reader's words, the instant as ISO. */
export function deviceExportEntry(
  device: DeviceListItem,
  words: ExportWords,
): Record<DeviceExportField, string> {
  const flag = (value: boolean) => (value ? words.yes : words.no);
  return {
    name: device.name,
    type: words.values.deviceType[device.type],
    model: device.model ?? '',
    serialNumber: device.serialNumber ?? '',
    os: words.values.deviceOs[device.os],
    osVersion: device.osVersion ?? '',
    assignmentType: words.values.assignmentType[device.assignmentType],
    assignedTo: device.assignedTo
      ? `${device.assignedTo.firstName} ${device.assignedTo.lastName}`.trim()
      : '',
    location: device.location ?? '',
    isEncrypted: flag(device.isEncrypted),
    isProtected: flag(device.isProtected),
    enrollmentState: words.values.enrollmentState[device.enrollmentState],
    mdmProvider: device.mdmProvider ? words.values.mdmProvider[device.mdmProvider] : '',
    mdmStatus: device.mdmStatus ? words.values.mdmStatus[device.mdmStatus] : '',
    status: words.values.deviceStatus[device.status],
    lastSeenAt: device.lastSeenAt ?? '',
    uuid: device.uuid,
  };
}
