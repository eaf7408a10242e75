import type { AppConfig } from '../../config/env.ts';
import { NoProcurementProvider, type ProcurementAdapter } from './adapter.ts';
import { SandboxProcurementAdapter } from './sandbox.ts';

const built = new WeakMap<AppConfig['procurement'], ProcurementAdapter | null>();

/**
 * The installation's procurement provider: the sandbox where the installation allows it (EQUIP_DEMO or
 * PROCUREMENT_SANDBOX), else none yet (a real TopiComspot client is a later step). One per configuration,
 * so the API's service and the job handlers share it.
 */
export function procurementAdapterOf(options: AppConfig['procurement']): ProcurementAdapter | null {
  if (!built.has(options))
    built.set(options, options.sandbox ? new SandboxProcurementAdapter(options.sandboxStepMs) : null);
  return built.get(options) ?? null;
}

export function requireProcurementAdapter(options: AppConfig['procurement']): ProcurementAdapter {
  const adapter = procurementAdapterOf(options);
  if (!adapter)
    throw new NoProcurementProvider('No procurement provider is configured for this installation');
  return adapter;
}
