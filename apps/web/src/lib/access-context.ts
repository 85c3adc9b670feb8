/** The signed-in user's permitted paths, provided by the app shell and read by features. */
import { createContext, useContext } from 'react';

export type Access = {
  /** Permission-built paths the user may open (spec §2). */
  permitted: Set<string>;
  /** True while the menu and user info are still loading. */
  loading: boolean;
};

export const AccessContext = createContext<Access>({ permitted: new Set(), loading: false });

/** The current user's access. */
export function useAccess(): Access {
  return useContext(AccessContext);
}
