import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useAppServices } from '@/lib/app-services';
import { servicesQueryClient } from '@/lib/query-client';
import { ToastProvider } from '@/ui/toast';
import { TooltipProvider } from '@/ui/tooltip';

/**
 * The providers of every page but the sign-in page, as a layout route the router loads on demand:
 * the server-state cache (TanStack Query), tooltips and toasts. The sign-in page renders without them,
 * so none of it is in the JavaScript it waits for (issue 9). The cache is the one the app services
 * carry (`servicesQueryClient`). zod's messages (SPEC §5) come with the domain's schemas
 * (`common.ts`), which load with the pages and forms that use them.
 */
export function AppShell() {
  const services = useAppServices();
  const [queryClient] = useState(() => servicesQueryClient(services));
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
