import type { LoginUser } from '@recarga/contracts/auth';
import { storageKeys } from './storage-keys';

export interface Session {
  token: string;
  user: LoginUser;
}

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: { token: string | null; user: string | null } = { token: null, user: null };
let cachedSession: Session | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseUser(raw: string): LoginUser | null {
  try {
    const value = JSON.parse(raw) as Partial<LoginUser> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'number' || !Array.isArray(value.permissions)) {
      return null;
    }
    return value as LoginUser;
  } catch {
    return null;
  }
}

/** The stored session (`auth-token` + `auth-user`), or null when signed out or unreadable. */
export function getSession(): Session | null {
  const store = storage();
  const token = store?.getItem(storageKeys.authToken) ?? null;
  const user = store?.getItem(storageKeys.authUser) ?? null;
  if (token === cachedRaw.token && user === cachedRaw.user) return cachedSession;
  cachedRaw = { token, user };
  const parsedUser = user ? parseUser(user) : null;
  cachedSession = token && parsedUser ? { token, user: parsedUser } : null;
  return cachedSession;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveSession(token: string, user: LoginUser): void {
  const store = storage();
  store?.setItem(storageKeys.authToken, token);
  store?.setItem(storageKeys.authUser, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(storageKeys.authToken);
  store?.removeItem(storageKeys.authUser);
  notify();
}

/** Subscribes to session changes in this tab and in other tabs (storage events). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.authToken || event.key === storageKeys.authUser) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
