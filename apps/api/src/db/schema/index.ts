// The whole schema as one object for Drizzle (relational queries and drizzle-kit).
export * from './agents.ts';
export * from './assets.ts';
export * from './bundles.ts';
export * from './device-software.ts';
export * from './devices.ts';
export * from './enums.ts';
export * from './flows.ts';
export * from './identity.ts';
export * from './integrations.ts';
export * from './mdm.ts';
export * from './platform.ts';
export * from './procurement.ts';
export * from './scim.ts';
export * from './webhooks.ts';
