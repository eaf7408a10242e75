import type { BootConfig } from './boot.ts';

/**
 * The boot configuration's id, defaults and check as plain code: the browser reads and checks the
 * configuration before it renders anything, and its first page (the sign-in) loads no zod (issue 9).
 * `boot.ts` holds the schema (and does not import this file, so the two make no cycle); `boot-rules.test.ts` keeps the check to the schema.
 */

export const BOOT_ELEMENT_ID = 'equip-boot';

export const DEFAULT_BOOT_CONFIG: BootConfig = {
  apiUrls: { platform: '/api', bundle: '/bundle-api', webapp: '' },
  flags: {},
  experiment: { mocked: true, deploymentKey: 'local', proxyUrl: '/experiment' },
  analytics: { writeKey: null, apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
  helpDeskUrl: 'https://support.equip.example/hc/requests/new',
  urls: {
    platform: '',
    enrolment: '',
    companion: '',
    marketing: '',
    support: 'https://support.equip.example/hc/requests/new',
  },
};

type Check = (value: unknown) => boolean;
/** A check per key: nested objects key by key, records and single values by one check. */
type ShapeOf<T> = {
  [K in keyof T]-?: T[K] extends object ? (string extends keyof T[K] ? Check : ShapeOf<T[K]>) : Check;
};
interface Shape {
  [key: string]: Check | Shape;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const recordOf =
  (check: Check): Check =>
  (value) =>
    isObject(value) && Object.values(value).every(check);

const BOOT_CONFIG_SHAPE = {
  apiUrls: { platform: isString, bundle: isString, webapp: isString },
  flags: recordOf(isString),
  experiment: { mocked: isBoolean, deploymentKey: isString, proxyUrl: isString },
  analytics: { writeKey: nullable(isString), apiHost: isString, cdnUrl: isString },
  helpDeskUrl: isString,
  urls: {
    platform: isString,
    enrolment: isString,
    companion: isString,
    marketing: isString,
    support: isString,
  },
} satisfies ShapeOf<BootConfig>;

function problemsOf(value: unknown, shape: Shape, path: readonly string[]): string[] {
  if (!isObject(value)) return [`${path.join('.') || '(root)'}: expected an object`];
  return Object.entries(shape).flatMap(([key, check]) => {
    const at = [...path, key];
    if (typeof check !== 'function') return problemsOf(value[key], check, at);
    return check(value[key])
      ? []
      : [`${at.join('.')}: unexpected ${JSON.stringify(value[key]) ?? 'nothing'}`];
  });
}

/** What keeps a value from being a `BootConfig`, one line per problem; none when it is one. */
export function bootConfigProblems(value: unknown): string[] {
  return problemsOf(value, BOOT_CONFIG_SHAPE, []);
}
