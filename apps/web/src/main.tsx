import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider, createAppServices } from '@/app/provider';
import { routes } from '@/app/router';
import { initAnalytics } from '@/lib/analytics';
import { getBootConfig } from '@/lib/boot-config';

const boot = getBootConfig();
initAnalytics(boot.analytics);
const services = createAppServices(boot);
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
