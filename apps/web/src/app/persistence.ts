import { LIMITS } from '@beach/domain/constants';

/**
 * Saved state (SPEC 4, Persistence): auth, user and license survive a reload; the API cache does not. Our own
 * few lines instead of redux-persist, which cost 2 KB brotli of the first view for this (decision 0070).
 *
 * The key and the format are redux-persist 6's, so sessions it saved are read back: one JSON object whose values
 * are each saved slice JSON-stringified again, and `_persist` as the string `{"version":1,"rehydrated":true}`.
 */
export const STORAGE_KEY = 'persist:beach-portal';
export const SAVED_SLICES = ['auth', 'user', 'license'] as const;

type SavedSlice = (typeof SAVED_SLICES)[number];
type Saved = Record<SavedSlice, object>;

/**
 * The browser's localStorage, or null: on the server (render-page.tsx), which must neither read nor write, and
 * where merely reaching it throws (storage disabled by the browser's settings).
 */
export function browserStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The saved slices, each laid over its initial state (a field added to a slice since it was saved keeps its
 * default). Synchronous, before the store exists, so the first render already has them: nothing to wait for and
 * nothing to time out. Another version, anything unreadable, or a storage that throws gives `initial`: the
 * visitor starts signed out, as with nothing saved.
 */
export function readSaved<S extends Saved>(storage: Storage | null, initial: S): S {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (!text) return initial;
    const saved: unknown = JSON.parse(text);
    if (!isObject(saved) || !('_persist' in saved) || typeof saved._persist !== 'string') return initial;
    const meta: unknown = JSON.parse(saved._persist);
    if (!isObject(meta) || !('version' in meta) || meta.version !== LIMITS.storageVersion) return initial;
    const state = { ...initial };
    for (const name of SAVED_SLICES) {
      const sliceText = (saved as Record<string, unknown>)[name];
      if (typeof sliceText !== 'string') continue;
      const slice: unknown = JSON.parse(sliceText);
      if (!isObject(slice)) return initial;
      state[name] = { ...initial[name], ...slice } as S[SavedSlice];
    }
    return state;
  } catch {
    return initial;
  }
}

/** The stored text of the saved slices, in redux-persist 6's format (above). */
export function serializeSaved(state: Saved): string {
  const saved: Record<string, string> = {};
  for (const name of SAVED_SLICES) saved[name] = JSON.stringify(state[name]);
  saved._persist = JSON.stringify({ version: LIMITS.storageVersion, rehydrated: true });
  return JSON.stringify(saved);
}

/**
 * Saves the three slices, all at once, after any dispatch that changed one of them (reducers return a new
 * object only on a change). At once, not later: a reload right after a login or a program choice keeps it, and
 * nothing is lost when the tab closes. The API cache's many updates only cost three comparisons each. A write
 * that fails (quota, private mode) is ignored: the session then lasts as long as the page.
 */
export function saveChanges(store: { getState(): Saved; subscribe(listener: () => void): unknown }, storage: Storage) {
  let last = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (SAVED_SLICES.every((name) => state[name] === last[name])) return;
    last = state;
    try {
      storage.setItem(STORAGE_KEY, serializeSaved(state));
    } catch {
      // Not saved; the app works on from its state.
    }
  });
}
