import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';
import { AppRoutes, preloadRoutes, toElementRoutes } from '@/app/routing';
import { initAnalytics } from '@/lib/analytics';
import { getBootConfig } from '@/lib/boot-config';
import { startCurrentUserRequest } from '@/lib/current-user';
import { activateLocale, initialLocale } from '@/lib/i18n/i18n';

const boot = getBootConfig();
initAnalytics(boot.analytics);
const services = createAppServices(boot);
// Opened on a page directly: its code, the signed-in user and the page's first data are asked for at
// once, side by side (the data once the page's code is there and the user may open it).
startCurrentUserRequest(window.location.pathname);
const pageCode = preloadRoutes(routes, window.location, services);
const appRoutes = toElementRoutes(routes);
// The catalog comes before the first paint: no page shows in one language and then another.
await activateLocale(initialLocale());

const root = createRoot(document.getElementById('root')!);
// So does the opened page's code, which arrives meanwhile (index.html shows the frame until then): its
// first render then suspends on nothing, and React does not hold the page back behind a spinner for up
// to 300 ms. Not awaited above: the pages' chunks import this one, whose evaluation would wait on them.
// A load that stalls holds the page back PAGE_CODE_WAIT_MS at most; the page's spinner shows after that.
const PAGE_CODE_WAIT_MS = 3000;
void Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))]).then(() =>
  // In a transition, React renders the first page in slices of a few milliseconds, giving the browser
  // its turn between them, instead of one long task (Lighthouse's total blocking time; bench/lighthouse.mjs).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider services={services}>
          <BrowserRouter>
            <AppRoutes routes={appRoutes} />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  ),
);
