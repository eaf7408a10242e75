import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './config.ts';

/** What `report` and `run` remember of their reports, for `equip-agent status`. */
export interface ReportState {
  /** The last report the server accepted. */
  lastSuccessAt: string | null;
  lastAttemptAt: string;
  lastResult: 'ok' | 'failed';
  /** Why the last attempt failed. */
  lastError: string | null;
  /** The last accepted report that carried the installed applications (`run` sends them hourly). */
  lastSoftwareAt?: string | null;
}

/** Beside the configuration: `config.json` → `config.last-report.json`. */
export function stateFilePath(configPath: string): string {
  return `${configPath.replace(/\.json$/i, '')}.last-report.json`;
}

export async function readReportState(configPath: string): Promise<ReportState | null> {
  try {
    const parsed = JSON.parse(await readFile(stateFilePath(configPath), 'utf8')) as Partial<ReportState>;
    if (typeof parsed.lastAttemptAt !== 'string') return null;
    return {
      lastSuccessAt: typeof parsed.lastSuccessAt === 'string' ? parsed.lastSuccessAt : null,
      lastAttemptAt: parsed.lastAttemptAt,
      lastResult: parsed.lastResult === 'ok' ? 'ok' : 'failed',
      lastError: typeof parsed.lastError === 'string' ? parsed.lastError : null,
      lastSoftwareAt: typeof parsed.lastSoftwareAt === 'string' ? parsed.lastSoftwareAt : null,
    };
  } catch {
    return null;
  }
}

/** Records one report's outcome (replacing the file in one step); never fails the report itself. */
export async function recordReport(
  configPath: string,
  outcome: { ok: true; software?: boolean } | { ok: false; error: string },
  now = new Date(),
): Promise<void> {
  try {
    const previous = await readReportState(configPath);
    const at = now.toISOString();
    const state: ReportState = {
      lastSuccessAt: outcome.ok ? at : (previous?.lastSuccessAt ?? null),
      lastAttemptAt: at,
      lastResult: outcome.ok ? 'ok' : 'failed',
      lastError: outcome.ok ? null : outcome.error,
      lastSoftwareAt: outcome.ok && outcome.software ? at : (previous?.lastSoftwareAt ?? null),
    };
    await writeFileAtomic(stateFilePath(configPath), `${JSON.stringify(state, null, 2)}\n`, 0o644);
  } catch {
    // A read-only configuration folder must not stop the agent from reporting.
  }
}
