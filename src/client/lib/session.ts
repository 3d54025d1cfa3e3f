/**
 * The locally kept session (SPEC §7, §9): the bearer token under `access_token` and the
 * signed-in user (JSON) under `user`.
 */
import type { User } from '../../shared/schemas/auth.js';

export const TOKEN_KEY = 'access_token';
export const USER_KEY = 'user';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/** Stores what a successful login or registration returned. */
export function saveSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    /* nothing stored */
  }
}
