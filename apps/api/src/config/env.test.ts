import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('process role (EQUIP_ROLE)', () => {
  it('serves and works jobs in one process by default', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.jobPollingIntervalSeconds).toBe(2);
  });

  it('splits API and worker processes on PostgreSQL', () => {
    const url = 'postgres://equip@db/equip';
    expect(loadConfig({ EQUIP_ROLE: 'worker', DATABASE_URL: url }).role).toBe('worker');
    expect(loadConfig({ EQUIP_ROLE: 'api', DATABASE_URL: url }).role).toBe('api');
  });

  it('refuses a split on the embedded database, which lives in one process', () => {
    expect(() => loadConfig({ EQUIP_ROLE: 'worker' })).toThrow(ConfigError);
    expect(() => loadConfig({ EQUIP_ROLE: 'api' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ EQUIP_ROLE: 'both' })).toThrow(ConfigError);
  });

  it("polls fast in tests and never below pg-boss's minimum", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).jobPollingIntervalSeconds).toBe(0.5);
    expect(() => loadConfig({ JOB_POLL_SECONDS: '0.1' })).toThrow(ConfigError);
  });
});

describe("SPEC §2's hosts", () => {
  it('default to the platform’s address, and support to the help desk', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://equip.example.com/' }).urls).toEqual({
      platform: 'https://equip.example.com',
      enrolment: 'https://equip.example.com',
      companion: 'https://equip.example.com',
      marketing: 'https://equip.example.com',
      support: 'https://support.equip.example/hc/requests/new',
    });
  });

  it('take hosts of their own', () => {
    const { urls } = loadConfig({
      PUBLIC_URL: 'https://app.example.com',
      ENROLMENT_URL: 'https://enrol.example.com/',
      COMPANION_URL: 'https://get.example.com:8443',
      MARKETING_URL: 'https://www.example.com/',
      SUPPORT_URL: 'https://help.example.com/kb',
    });
    expect(urls).toEqual({
      platform: 'https://app.example.com',
      enrolment: 'https://enrol.example.com',
      companion: 'https://get.example.com:8443',
      marketing: 'https://www.example.com',
      support: 'https://help.example.com/kb',
    });
  });

  it('refuse what Equip cannot add its paths to, or link to, with a list of what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(
      problems({
        ENROLMENT_URL: 'https://enrol.example.com/start',
        COMPANION_URL: 'ftp://get.example.com',
        MARKETING_URL: 'javascript:alert(1)',
        SUPPORT_URL: 'help',
      }),
    ).toEqual([
      'ENROLMENT_URL: must be an address without a path, such as https://enrol.example.com',
      'COMPANION_URL: must be an http:// or https:// address',
      'MARKETING_URL: must be an http:// or https:// address',
      'SUPPORT_URL: must be an http:// or https:// address',
    ]);
    expect(problems({ ENROLMENT_URL: 'https://enrol.example.com/?from=mail' })).toHaveLength(1);
  });
});
