import { describe, expect, it } from 'vitest';
import { MAIN_LAYOUT_THEME, resolveTheme } from '@/lib/theme';
import { paths } from './paths';

describe('paths', () => {
  it('builds the spec URLs', () => {
    expect(paths.dashboard.employees()).toBe('/dashboard/employees');
    expect(paths.dashboard.employees('onboarding')).toBe('/dashboard/employees?view=onboarding');
    expect(paths.dashboard.devices('assets')).toBe('/dashboard/devices?tab=assets');
    expect(paths.dashboard.device('d-1', 'specification')).toBe('/dashboard/devices/d-1?tab=specification');
    expect(paths.dashboard.registerDevices('WEB_PC')).toBe(
      '/dashboard/devices/register-devices?registerType=WEB_PC',
    );
    expect(paths.dashboard.createBundle('summary')).toBe('/dashboard/action/create-bundle/summary');
    expect(paths.dashboard.editBundle('edit-software')).toBe('/dashboard/action/edit-bundle/edit-software');
    expect(paths.auth.login('/dashboard/bundles')).toBe('/auth/login?next=%2Fdashboard%2Fbundles');
    expect(paths.auth.emailVerification(true)).toBe('/auth/email-verification?type=failed');
  });
});

describe('theme', () => {
  it('renders the main layout light; a system preference follows the OS elsewhere', () => {
    expect(MAIN_LAYOUT_THEME).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
