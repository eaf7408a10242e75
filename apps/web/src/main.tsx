import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';
import { AppRoutes, toElementRoutes } from '@/app/routing';
import { initAnalytics } from '@/lib/analytics';
import { getBootConfig } from '@/lib/boot-config';
import { activateLocale, initialLocale } from '@/lib/i18n/i18n';

const boot = getBootConfig();
initAnalytics(boot.analytics);
const services = createAppServices(boot);
const appRoutes = toElementRoutes(routes);
// The catalog comes before the first paint: no page shows in one language and then another.
await activateLocale(initialLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider services={services}>
      <BrowserRouter>
        <AppRoutes routes={appRoutes} />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
