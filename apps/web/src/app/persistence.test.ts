import { describe, expect, it, vi } from 'vitest';
import { browserStorage, readSaved, saveChanges, serializeSaved, STORAGE_KEY } from './persistence';

const INITIAL = {
  auth: { jwt: null as string | null, expiry: null as number | null, forcePasswordChange: false },
  user: { user: null as object | null, selectedProgramId: null as number | null },
  license: { expiry: null as number | null },
};

/** Exactly what redux-persist 6.0.0 wrote for a signed-in visitor who had accepted the data license. */
const WRITTEN_BY_REDUX_PERSIST =
  '{"auth":"{\\"jwt\\":\\"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjo0MTAyNDQ0ODAwfQ.sig\\",\\"expiry\\":4102444800000,' +
  '\\"forcePasswordChange\\":false}","user":"{\\"user\\":{\\"user_id\\":7,\\"first_name\\":\\"Jane\\",\\"last_name\\":' +
  '\\"O\'Neil \\\\\\"Jr\\\\\\"\\"},\\"selectedProgramId\\":1}","license":"{\\"expiry\\":4102444800000}",' +
  '"_persist":"{\\"version\\":1,\\"rehydrated\\":true}"}';

const SAVED = {
  auth: {
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjo0MTAyNDQ0ODAwfQ.sig',
    expiry: 4102444800000,
    forcePasswordChange: false,
  },
  user: { user: { user_id: 7, first_name: 'Jane', last_name: 'O\'Neil "Jr"' }, selectedProgramId: 1 },
  license: { expiry: 4102444800000 },
};

/** A storage holding `text` under the key, recording what is written. */
function storageWith(text: string | null) {
  const items = new Map<string, string>(text === null ? [] : [[STORAGE_KEY, text]]);
  return {
    items,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    } as Storage,
  };
}

/** The smallest store saveChanges works with: state replaced by `set`, listeners called after it. */
function fakeStore(state: typeof INITIAL & { api?: object }) {
  const listeners: (() => void)[] = [];
  return {
    getState: () => state,
    subscribe: (listener: () => void) => listeners.push(listener),
    set(next: typeof state) {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('saved state (SPEC 4, Persistence)', () => {
  it('reads what redux-persist 6 wrote, and writes the very same text for the same state', () => {
    const state = readSaved(storageWith(WRITTEN_BY_REDUX_PERSIST).storage, INITIAL);
    expect(state).toEqual(SAVED);
    expect(serializeSaved(state)).toBe(WRITTEN_BY_REDUX_PERSIST);
    // What the browser tests look for in it.
    expect(serializeSaved(state)).toMatch(/"jwt\\?":\\?"ey/);
    expect(serializeSaved(state)).toMatch(/selectedProgramId\\?":\d/);
  });

  it('lays each saved slice over its initial state; a slice not saved stays initial', () => {
    const text = JSON.stringify({
      auth: JSON.stringify({ jwt: 'eyJ.x.y', expiry: 5 }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
    const state = readSaved(storageWith(text).storage, INITIAL);
    expect(state.auth).toEqual({ jwt: 'eyJ.x.y', expiry: 5, forcePasswordChange: false });
    expect(state.user).toBe(INITIAL.user);
    expect(state.license).toBe(INITIAL.license);
  });

  it('ignores another version, or no version at all', () => {
    const other = WRITTEN_BY_REDUX_PERSIST.replace('\\"version\\":1', '\\"version\\":2');
    expect(other).not.toBe(WRITTEN_BY_REDUX_PERSIST);
    expect(readSaved(storageWith(other).storage, INITIAL)).toBe(INITIAL);
    const unversioned = JSON.stringify({ auth: JSON.stringify(SAVED.auth) });
    expect(readSaved(storageWith(unversioned).storage, INITIAL)).toBe(INITIAL);
  });

  it.each([
    ['text that is not JSON', '{"auth":"{\\"jwt\\":'],
    ['a slice that is not JSON', WRITTEN_BY_REDUX_PERSIST.replace('{\\"expiry\\":4102444800000}', '{expiry')],
    ['a slice that is not an object', WRITTEN_BY_REDUX_PERSIST.replace('"license":"{\\"expiry\\":4102444800000}"', '"license":"null"')],
    ['JSON that is not an object', '42'],
    ['a _persist that is not an object', '{"_persist":"null"}'],
  ])('ignores %s: the visitor starts signed out', (_, text) => {
    expect(readSaved(storageWith(text).storage, INITIAL)).toBe(INITIAL);
  });

  it('starts signed out when the storage throws on read, or there is none', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readSaved(throwing, INITIAL)).toBe(INITIAL);
    expect(readSaved(null, INITIAL)).toBe(INITIAL);
  });

  it('saves the three slices at once when one changes, never the API cache, nothing when only the cache changes', () => {
    const { storage, items } = storageWith(null);
    const store = fakeStore({ ...INITIAL, api: { queries: {} } });
    saveChanges(store, storage);

    store.set({ ...store.getState(), api: { queries: { a: 1 } } });
    expect(items.size).toBe(0);

    store.set({ ...store.getState(), license: { expiry: 10 } });
    const saved = JSON.parse(items.get(STORAGE_KEY) ?? '{}') as Record<string, string>;
    expect(Object.keys(saved)).toEqual(['auth', 'user', 'license', '_persist']);
    expect(JSON.parse(saved.license ?? '')).toEqual({ expiry: 10 });
    expect(JSON.parse(saved.auth ?? '')).toEqual(INITIAL.auth);
    expect(JSON.parse(saved._persist ?? '')).toEqual({ version: 1, rehydrated: true });

    items.clear();
    store.set({ ...store.getState(), api: { queries: { b: 2 } } });
    expect(items.size).toBe(0);
  });

  it('ignores a storage that throws on write', () => {
    const setItem = vi.fn(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const store = fakeStore(INITIAL);
    saveChanges(store, { setItem } as unknown as Storage);
    expect(() => store.set({ ...INITIAL, auth: SAVED.auth })).not.toThrow();
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('finds no storage without a window (the server) or when reaching it throws', () => {
    expect(browserStorage()).toBe(window.localStorage);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(browserStorage()).toBeNull();
    vi.stubGlobal('window', undefined);
    expect(browserStorage()).toBeNull();
  });
});
