// The HR integrations' public surface: the hourly re-check's jobs.
export { registerIntegrationCheckJobs } from './checks.ts';
