import { hkdfSync } from 'node:crypto';
import { INSTALLATION_SECRET_SETTING, installationSecret } from '../modules/auth/keys.ts';
import { decryptSecret, SEALED_SECRET_COLUMNS, sealingKey } from '../security/sealed-secrets.ts';
import type { Read } from './database-source.ts';

/**
 * Sealed secrets (webhook secrets, MDM tokens) open only with the installation secret that sealed them:
 * the one generated into the database (system_settings, so in every copy of it) or JWT_SECRET when the
 * environment sets it (then in no copy of the database). Backups and restores say which, and check
 * that every sealed secret opens with the one they have.
 */
export interface InstallationSecret {
  source: 'environment' | 'database';
  secret: Uint8Array;
}

/** What Equip would use with this environment: JWT_SECRET, else the stored one (null: never started). */
export async function readInstallationSecret(
  read: Read,
  configuredJwtSecret: string | undefined,
): Promise<InstallationSecret | null> {
  const [stored] = await read<{ secret: string }>(
    `select value->>'secret' as secret from system_settings where key = '${INSTALLATION_SECRET_SETTING}'`,
  );
  if (configuredJwtSecret)
    return { source: 'environment', secret: installationSecret({ secret: '' }, configuredJwtSecret) };
  return stored ? { source: 'database', secret: installationSecret(stored) } : null;
}

/** Recognises a secret without revealing it (a backup's manifest carries this, never the secret). */
export function fingerprintOf(secret: Uint8Array): string {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'equip backup fingerprint', 8)).toString(
    'hex',
  );
}

export interface SealedCheck {
  table: string;
  column: string;
  total: number;
  opened: number;
}

/** Tries to open every sealed secret of the database with `secret`. */
export async function checkSealedSecrets(read: Read, secret: Uint8Array): Promise<SealedCheck[]> {
  const checks: SealedCheck[] = [];
  for (const { purpose, table, column } of SEALED_SECRET_COLUMNS) {
    const key = sealingKey(secret, purpose);
    // A column may be empty where nothing is sealed (an HR integration the sandbox serves, decision 029).
    const rows = await read<{ sealed: string }>(
      `select "${column}" as sealed from "${table}" where "${column}" is not null`,
    );
    const opened = rows.filter(({ sealed }) => {
      try {
        decryptSecret(key, sealed);
        return true;
      } catch {
        return false;
      }
    }).length;
    checks.push({ table, column, total: rows.length, opened });
  }
  return checks;
}

/** "2 of 2 in webhook_endpoints, 1 of 1 in mdm_connections" (tables without any left out) */
export const describeChecks = (checks: SealedCheck[]) =>
  checks
    .filter((c) => c.total > 0)
    .map((c) => `${c.opened} of ${c.total} in ${c.table}`)
    .join(', ');

export const anySealed = (checks: SealedCheck[]) => checks.some((c) => c.total > 0);

export const allOpen = (checks: SealedCheck[]) => checks.every((c) => c.opened === c.total);
