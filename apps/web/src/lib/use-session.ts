/** React binding of the session store. */
import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session.ts';

/** The current session; re-renders on sign-in and sign-out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
