import type { SecurityAddOnProvider } from '@equip/domain/devices';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The names of the device-management services (product names: the same in every language). */
export { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';

/** The names of the security add-ons that protect devices (product names). */
export const SECURITY_PROVIDER_NAMES: Record<SecurityAddOnProvider, string> = {
  withsecure: 'WithSecure',
  sentinelone: 'SentinelOne',
};

/** A titled group of fields in the device detail. */
export function Section({
  title,
  action,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="border-b border-slate-100 px-6 py-5 last:border-b-0">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {action}
      </div>
      <dl className="divide-y divide-slate-50">{children}</dl>
    </section>
  );
}

/** One label and its value. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-4 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A value that is not known. */
export function None({ children }: { children?: ReactNode }) {
  return <span className="text-slate-400">{children ?? <Trans>Not known</Trans>}</span>;
}
