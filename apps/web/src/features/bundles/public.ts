/**
 * What other areas may use of bundles (the employee's page): a person's applications from their bundle
 * and where each stands on their devices. Everything else of the folder is the area's own;
 * `architecture.test.ts` holds other features to this file.
 */
export { PersonApplications } from './components/person-applications';
