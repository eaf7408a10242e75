/**
 * The app's URLs (SPEC §2), for links and redirects. Route patterns live in `app/router.tsx`.
 */

export const EMPLOYEE_VIEWS = ['all', 'onboarding', 'offboarding'] as const;
export type EmployeeView = (typeof EMPLOYEE_VIEWS)[number];

export const DEVICES_TABS = ['devices', 'assets'] as const;
export type DevicesTab = (typeof DEVICES_TABS)[number];

export const CREATE_BUNDLE_STEPS = ['set-name', 'add-software', 'assign-employees', 'summary'] as const;
export type CreateBundleStep = (typeof CREATE_BUNDLE_STEPS)[number];

export const EDIT_BUNDLE_VIEWS = ['edit-software', 'edit-assigned-employees'] as const;
export type EditBundleView = (typeof EDIT_BUNDLE_VIEWS)[number];

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: '/',
  dashboard: {
    overview: '/dashboard/overview',
    employees: (view?: EmployeeView) =>
      withQuery('/dashboard/employees', { view: view === 'all' ? undefined : view }),
    devices: (tab?: DevicesTab) =>
      withQuery('/dashboard/devices', { tab: tab === 'devices' ? undefined : tab }),
    /** One device's detail over the list (`tab`: overview or specification). */
    device: (uuid: string, tab?: 'overview' | 'specification') =>
      withQuery(`/dashboard/devices/${encodeURIComponent(uuid)}`, { tab }),
    importPeripherals: '/dashboard/devices/import-peripherals',
    addPeripherals: '/dashboard/devices/add-peripherals',
    registerDevices: (registerType?: string) =>
      withQuery('/dashboard/devices/register-devices', { registerType }),
    bundles: '/dashboard/bundles',
    createBundle: (step: CreateBundleStep = 'set-name') => `/dashboard/action/create-bundle/${step}`,
    editBundle: (view?: EditBundleView) =>
      view ? `/dashboard/action/edit-bundle/${view}` : '/dashboard/action/edit-bundle',
    addEmployeesManual: '/dashboard/action/add-employees-manual',
    importEmployees: '/dashboard/action/import-employees',
    workspaces: '/dashboard/workspaces',
    integrations: '/dashboard/integrations',
    page: (page: string) => `/dashboard/${page}`,
    /** People without a registered device, and reminders to them (organisation setup). */
    deviceRegistration: '/dashboard/device-registration',
    /** A regular user's own record and devices. */
    me: '/dashboard/me',
    /** Email, second factor and sign-in settings of the signed-in person. */
    account: '/dashboard/account',
    /** The organisation's outbound webhooks (organisation settings). */
    webhooks: '/dashboard/account/webhooks',
    /** The organisation's MDM servers (organisation settings): Fleet's address and API token. */
    mdmServers: '/dashboard/account/mdm',
    /** Provider admins: mail and text messages the installation sent (the outbox). */
    mail: '/dashboard/mail',
    /** Provider admins: the people who run the installation (add, invite, disable). */
    providerAdmins: '/dashboard/provider-admins',
    /** Provider admins: background queues, failed jobs and their retry. */
    jobs: '/dashboard/jobs',
    /** IT owners and provider admins: the organisation's event log (a deliberate addition to SPEC §2). */
    auditLog: '/dashboard/audit-log',
  },
  onboarding: (page: string) => `/onboarding/${page}`,
  auth: {
    root: '/auth',
    type: (type: string) => `/auth/${type}`,
    login: (next?: string) => withQuery('/auth/login', { next }),
    resetPassword: '/auth/reset-password',
    verify: (code: string) => `/auth/verify/${encodeURIComponent(code)}`,
    emailVerification: (failed = false) =>
      withQuery('/auth/email-verification', { type: failed ? 'failed' : undefined }),
  },
  logout: '/logout',
  companion: '/companion',
  start: '/start',
} as const;

/** A post-login target is followed only when it is a path on this origin (no open redirect). */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}
