/**
 * What other areas may use of devices (the employees' devices tab, the person's own page, the audit
 * log): the words and pictures of a device's enums, and an install on a device (a bundle's retry).
 * Everything else of the folder is the area's own;
 * `architecture.test.ts` holds other features to this file.
 */
export { requestSoftwareCommand } from './api/software-installs';
export { DeviceStatusBadge, EnrollmentStateBadge } from './components/device-badges';
export { DeviceTypeIcon } from './components/device-type-icon';
export { PersonPicker } from './components/person-picker';
export {
  ASSIGNMENT_TYPE_LABELS,
  DEVICE_OS_LABELS,
  DEVICE_STATUS_LABELS,
  DEVICE_TYPE_LABELS,
  ENROLLMENT_STATE_LABELS,
  encryptionLabel,
  protectionLabel,
} from './lib/device-labels';
