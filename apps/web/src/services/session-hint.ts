/**
 * A hint, kept in localStorage, that this browser has signed in and not signed out since. Without it start-up does
 * not ask the server who is signed in: an anonymous visit then makes no call that is bound to fail with 401. The
 * session itself stays in the HttpOnly cookie; the hint is never trusted for anything but skipping that call.
 */
const KEY = 'gear.signedIn';

export const sessionHint = {
  get(): boolean {
    try {
      return window.localStorage.getItem(KEY) === '1';
    } catch {
      return true; // storage unavailable: ask the server
    }
  },
  set(signedIn: boolean): void {
    try {
      if (signedIn) window.localStorage.setItem(KEY, '1');
      else window.localStorage.removeItem(KEY);
    } catch {
      // storage unavailable: nothing to remember
    }
  },
};
