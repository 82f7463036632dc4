import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { startSession } from '../features/auth/start-session';
import { makeStore, type AppStore } from '../app/store';
import { freshToken, makeUser } from './fixtures';

/** The whole app (real routes, real store) at `path`. */
export function renderApp(path: string, store: AppStore = makeStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user };
}

/** A store with a signed-in user. */
export function signedInStore(options: { forcePasswordChange?: boolean; user?: ReturnType<typeof makeUser> } = {}) {
  const store = makeStore();
  store.dispatch(
    startSession({
      token: freshToken(),
      user: options.user ?? makeUser(),
      forcePasswordChange: options.forcePasswordChange ?? false,
    }),
  );
  return store;
}
