/** The signed-in user's menu and permitted paths, provided by the app shell and read by features. */
import type { MenuItem } from '@portal/contracts/account.ts';
import { createContext, useContext } from 'react';

export type Access = {
  /** The menu tree in force (server menu, or the user_info fallback). */
  menu: MenuItem[];
  /** Paths of that tree: the permission-built routes the user may open (spec §2). */
  permitted: Set<string>;
  /** True while the menu and user info are still loading. */
  loading: boolean;
};

export const AccessContext = createContext<Access>({ menu: [], permitted: new Set(), loading: false });

/** The current user's access. */
export function useAccess(): Access {
  return useContext(AccessContext);
}
