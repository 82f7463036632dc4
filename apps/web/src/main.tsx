import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { setupListeners } from '@reduxjs/toolkit/query';
import '@uswds/uswds/css/uswds.min.css';
import '@trussworks/react-uswds/lib/index.css';
import './styles/app.css';
import './styles/public.css';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { restoreLanguage } from './i18n';

const store = makeStore();
const persistor = persistStore(store);
// Refetch on window focus and on reconnect (SPEC 7).
setupListeners(store.dispatch);
const router = createBrowserRouter(routes);

// A visitor who chose Spanish gets it before the first render (its text is a separate chunk).
await restoreLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
