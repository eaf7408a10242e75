// The devices module's public surface: its routes, and what other areas may call.
export { deviceActionRoutes } from './actions-routes.ts';
export { registerConnectionCheckJobs } from './connection-checks.ts';
export { mdmConnectionRoutes } from './connections-routes.ts';
export {
  addEnrollingDevice,
  checkInAgent,
  type EnrollingDevice,
  enrollableDeviceOf,
  replaceAgent,
  setEnrollmentState,
} from './enrollment.ts';
export { MDM_JOB_RETRY_LIMIT, registerMdmJobs } from './mdm-jobs.ts';
export { devicesAssignedTo, holdersOfEnrolledDevices, returnDevicesOf } from './people.ts';
export { deviceRoutes } from './routes.ts';
