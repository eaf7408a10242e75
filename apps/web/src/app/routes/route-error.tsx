import { Trans } from '@lingui/react/macro';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/ui/button';

/** Shown when a route fails to load or render (e.g. a chunk that could not be fetched after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center">
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        <Trans>
          This page could not be shown. Reloading usually helps; if it keeps happening, send us a support
          request.
        </Trans>
      </p>
      {detail ? <p className="mt-3 max-w-md font-mono text-xs text-slate-400">{detail}</p> : null}
      <Button className="mt-8" variant="secondary" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        <Trans>Reload page</Trans>
      </Button>
    </div>
  );
}
