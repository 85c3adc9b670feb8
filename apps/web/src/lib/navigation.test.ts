/**
 * Navigation from outside React (lib/navigation.ts): a navigation asked for before the router has
 * registered waits for it — never a full page load, which would lose a forced logout's toast and its
 * redirect parameter (issue 14 item 1).
 */
import { describe, expect, it, vi } from 'vitest';
import { hasPendingNavigation, navigate, setNavigate, unsetNavigate } from './navigation.ts';

describe('navigate before and after the router', () => {
  it('keeps a navigation asked for before the router registers, and runs it on registration', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    navigate('/login?redirect=%2Fapps', { replace: true });
    expect(assign).not.toHaveBeenCalled();
    expect(hasPendingNavigation()).toBe(true);
    const router = vi.fn();
    setNavigate(router);
    expect(router).toHaveBeenCalledWith('/login?redirect=%2Fapps', { replace: true });
    expect(hasPendingNavigation()).toBe(false);
    navigate('/home');
    expect(router).toHaveBeenLastCalledWith('/home', undefined);
    // An unmounted router is forgotten: the next navigation waits for the next one.
    unsetNavigate(router);
    navigate('/organize');
    expect(router).toHaveBeenCalledTimes(2);
    const next = vi.fn();
    setNavigate(next);
    expect(next).toHaveBeenCalledWith('/organize', undefined);
    unsetNavigate(next);
  });
});
