// The bundles module's public surface (its screens and routes arrive with the bundles issue).
export { assignedBundle, removeFromBundles } from './people.ts';
