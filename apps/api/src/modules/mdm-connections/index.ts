// The MDM server connections' public surface: the hourly re-check's jobs, and the stored connection
// (address and sealed token) the devices' MDM command jobs send through.
export { type PlannedConnection, planPerConnection, registerConnectionCheckJobs } from './checks.ts';
export {
  claimInventorySync,
  findStoredConnection,
  recordInventorySync,
} from './queries.ts';
