import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';
import { initAnalytics } from '@/lib/analytics';
import { getBootConfig } from '@/lib/boot-config';
import { activateLocale, initialLocale } from '@/lib/i18n/i18n';

const boot = getBootConfig();
initAnalytics(boot.analytics);
const services = createAppServices(boot);
const router = createBrowserRouter(routes);
// The catalog comes before the first paint: no page shows in one language and then another.
await activateLocale(initialLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
