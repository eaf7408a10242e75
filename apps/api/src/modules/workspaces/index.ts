// The workspaces' public surface: the hourly re-check's jobs.
export { registerWorkspaceCheckJobs } from './checks.ts';
