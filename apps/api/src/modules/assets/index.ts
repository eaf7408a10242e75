// The assets module's public surface: what other areas may call (its area.ts lists its routes). The
// employees module shows a person's peripherals on their devices tab and returns them when the person
// is removed, through these.
export { itemsOf as assetsAssignedTo } from './queries.ts';
export { returnAssetsOf } from './service.ts';
