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
