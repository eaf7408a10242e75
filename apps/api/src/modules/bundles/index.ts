// The bundles module's public surface (its screens and routes arrive with the bundles issue).

export { catalogApplications } from './catalog-applications.ts';
export { catalogMatch } from './catalog-match.ts';
export { logBundleInstallFailed } from './install-failed.ts';
export { assignedBundle, removeFromBundles } from './people.ts';
