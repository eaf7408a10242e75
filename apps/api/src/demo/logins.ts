import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DemoRole = 'it-owner' | 'equip-admin' | 'regular';

export interface DemoLogin {
  email: string;
  password: string;
  role: DemoRole;
}

export const DEMO_LOGINS_FILE = 'demo-logins.json';

/** 16 random characters (96 bits), URL-safe so they can be typed and pasted anywhere. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Writes the logins file, readable by its owner only. */
export function writeDemoLogins(dataDir: string, logins: readonly DemoLogin[]): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  writeFileSync(file, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
  // The mode of writeFileSync applies only when it creates the file.
  chmodSync(file, 0o600);
  return file;
}

/** Adds logins to the file (creating it when missing); earlier entries stay. */
export function appendDemoLogins(dataDir: string, logins: readonly DemoLogin[]): string {
  return writeDemoLogins(dataDir, [...readDemoLogins(dataDir), ...logins]);
}

export function readDemoLogins(dataDir: string): DemoLogin[] {
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file} does not hold a list of logins`);
  return parsed as DemoLogin[];
}
