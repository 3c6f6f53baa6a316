import { STORAGE } from '@legiao/contracts/storage-keys';

/** The keys a logout or a 401 wipes (the referral link and chatbot benefit survive). */
const SESSION_KEYS = [STORAGE.token, STORAGE.user, STORAGE.allDataUser, STORAGE.indicacao] as const;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

export function getToken(): string | null {
  return storage()?.getItem(STORAGE.token) || null;
}

export function setToken(token: string) {
  storage()?.setItem(STORAGE.token, token);
}

/** Being logged in means a token is present in browser storage (spec 001 section 2.1). */
export function isLoggedIn(): boolean {
  return getToken() !== null;
}

export function clearSession() {
  const s = storage();
  if (!s) return;
  for (const key of SESSION_KEYS) s.removeItem(key);
  clearPostLoginPath();
}

/** The logged user is kept under both 'user' and 'alldatauser', as the original app did. */
export function storeUser(user: unknown) {
  const s = storage();
  if (!s) return;
  const json = JSON.stringify(user);
  s.setItem(STORAGE.user, json);
  s.setItem(STORAGE.allDataUser, json);
}

export function readStoredUser<T>(): T | undefined {
  const raw = storage()?.getItem(STORAGE.allDataUser);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function storeValue(key: string, value: string) {
  storage()?.setItem(key, value);
}

export function readValue(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

// Where a just-logged-in visitor must land instead of /home (the social login goes to
// /novo-registro). Without it, any re-render of the public page between storing the token and the
// navigation would let RedirectIfLoggedIn send them to /home first.
const POST_LOGIN_KEY = 'legiao.destinoAposLogin';
export function setPostLoginPath(path: string) {
  sessionStorage.setItem(POST_LOGIN_KEY, path);
}
export function peekPostLoginPath(): string | null {
  return sessionStorage.getItem(POST_LOGIN_KEY);
}
export function clearPostLoginPath() {
  sessionStorage.removeItem(POST_LOGIN_KEY);
}
