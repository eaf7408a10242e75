/**
 * The app's URLs (SPEC §2), for links and redirects. Route patterns live in `app/router.tsx`.
 */

export const EMPLOYEE_VIEWS = ['all', 'onboarding', 'offboarding'] as const;
export type EmployeeView = (typeof EMPLOYEE_VIEWS)[number];

export const DEVICES_TABS = ['devices', 'assets'] as const;
export type DevicesTab = (typeof DEVICES_TABS)[number];

export const CREATE_BUNDLE_STEPS = ['set-name', 'add-software', 'assign-employees', 'summary'] as const;
export type CreateBundleStep = (typeof CREATE_BUNDLE_STEPS)[number];

export const ORDER_WIZARD_STEPS = ['devices-selection', 'delivery-address', 'summary'] as const;
export type OrderWizardStep = (typeof ORDER_WIZARD_STEPS)[number];

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
    /** One employee's record over the list (`tab`: overview or devices). */
    employee: (uuid: string, tab?: 'overview' | 'devices') =>
      withQuery(`/dashboard/employees/${encodeURIComponent(uuid)}`, { tab }),
    devices: (tab?: DevicesTab) =>
      withQuery('/dashboard/devices', { tab: tab === 'devices' ? undefined : tab }),
    /** One device's detail over the list (`tab`: overview or specification). */
    device: (uuid: string, tab?: 'overview' | 'specification') =>
      withQuery(`/dashboard/devices/${encodeURIComponent(uuid)}`, { tab }),
    /** The assets tab (also `/dashboard/devices?tab=assets`), every definition. */
    assets: () => '/dashboard/devices/assets',
    /** One asset item's panel over the assets tab (`tab`: assignment by default, or overview). */
    asset: (uuid: string, tab?: 'assignment' | 'overview') =>
      withQuery(`/dashboard/devices/assets/${encodeURIComponent(uuid)}`, { tab }),
    /** One asset definition selected on the assets tab, with its items. */
    assetDefinition: (uuid: string) => `/dashboard/devices/asset-definitions/${encodeURIComponent(uuid)}`,
    importPeripherals: '/dashboard/devices/import-peripherals',
    addPeripherals: '/dashboard/devices/add-peripherals',
    registerDevices: (registerType?: string) =>
      withQuery('/dashboard/devices/register-devices', { registerType }),
    bundles: '/dashboard/bundles',
    createBundle: (step: CreateBundleStep = 'set-name') => `/dashboard/action/create-bundle/${step}`,
    editBundle: (view?: EditBundleView) =>
      view ? `/dashboard/action/edit-bundle/${view}` : '/dashboard/action/edit-bundle',
    /** The organisation's hardware orders (an addition to SPEC §2); one order at its own address. */
    orders: (uuid?: string, tab?: 'summary' | 'devices') =>
      uuid ? withQuery(`/dashboard/orders/${encodeURIComponent(uuid)}`, { tab }) : '/dashboard/orders',
    /** The hardware requests waiting for IT (decision 037): the orders screen's Requests tab. */
    hardwareRequests: '/dashboard/orders?view=requests&requestStatus=requested',
    /** The hardware catalog (issue 31, item 1). */
    catalog: '/dashboard/catalog',
    /** The order wizard (SPEC §2): devices-selection, delivery-address, summary. */
    orderWizard: (step: OrderWizardStep = 'devices-selection') => `/dashboard/action/order/${step}`,
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
    /** The Settings area: its first page the person may open (app/routes/dashboard-pages.ts). */
    settings: '/dashboard/settings',
    /** The organisation's name and time zone (settings). */
    organizationSettings: '/dashboard/settings/organization',
    /** The organisation's single sign-on (settings): OpenID Connect issuer, client id and secret. */
    singleSignOn: '/dashboard/settings/single-sign-on',
    /** The organisation's outbound webhooks (settings). */
    webhooks: '/dashboard/settings/webhooks',
    /** The organisation's MDM servers (settings): Fleet's address and API token. */
    mdmServers: '/dashboard/settings/mdm-servers',
    /** Provider admins: mail and text messages the installation sent (the outbox; settings). */
    mail: '/dashboard/settings/mail',
    /** Provider admins: the installation's organisations (create, rename, deactivate; settings). */
    organizations: '/dashboard/settings/organizations',
    /** Provider admins: the people who run the installation (add, invite, disable; settings). */
    providerAdmins: '/dashboard/settings/provider-admins',
    /** Provider admins: background queues, failed jobs and their retry (settings). */
    jobs: '/dashboard/settings/jobs',
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
  /** The first set-up of an installation (`?token=` from the link `npm start` prints). */
  setup: '/setup',
} as const;
