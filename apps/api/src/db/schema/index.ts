// The whole schema as one object for Drizzle (relational queries and drizzle-kit).
export * from './assets.ts';
export * from './bundles.ts';
export * from './devices.ts';
export * from './enums.ts';
export * from './flows.ts';
export * from './identity.ts';
export * from './integrations.ts';
export * from './platform.ts';
export * from './procurement.ts';
