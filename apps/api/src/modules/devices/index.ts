// The devices module's public surface: what other areas may call (app.ts registers its routes from its routes files).

export { installedByPeople } from './installed.ts';
export { MDM_JOB_RETRY_LIMIT, type MdmJobsLog, registerMdmJobs } from './mdm-jobs.ts';
export { addOrderedDevices, type OrderedLine, settleOrderedDevices } from './ordered-devices.ts';
export { deviceCountOf } from './organization-counts.ts';
export {
  devicesAssignedTo,
  enrolledDeviceHolders,
  holdersOfEnrolledDevices,
  returnDevicesOf,
} from './people.ts';
export { securityLost } from './service.ts';
export { replaceSoftwareStatement } from './software.ts';
export {
  installStatuses,
  type PeopleSoftwareResult,
  type PersonInstallStatus,
  requestSoftwareFor,
  skipReason,
  softwareTargetsOf,
} from './software-installs.ts';
