/**
 * The two-factor service's dependencies of one app, built once and shared by every module that
 * re-authenticates (two-factor routes, "sign out all other sessions"): one counter of wrong codes and
 * passwords per user (`totp:user`, TWO_FACTOR_LIMIT), so a guess on one route counts on the others
 * (without Redis the counters live in process, and two counters would count apart).
 */
import type { FastifyInstance } from 'fastify';
import { createCounters } from '../../plugins/counters.ts';
import { secretBoxOf } from './secret-box.ts';
import { TWO_FACTOR_LIMIT, type TwoFactorDeps } from './two-factor-service.ts';

/** Keyed by the app's accounts store, which every encapsulated context of one app shares. */
const built = new WeakMap<object, TwoFactorDeps>();

/** The shared deps of `app`; the first caller registers the counters' close on its onClose. */
export function twoFactorDepsOf(app: FastifyInstance): TwoFactorDeps {
  const known = built.get(app.db);
  if (known) return known;
  const counters = createCounters(app.config);
  app.addHook('onClose', () => counters.close());
  const deps: TwoFactorDeps = {
    db: app.db,
    box: secretBoxOf(app.keyRing),
    attempts: counters.counter('totp:user', TWO_FACTOR_LIMIT),
    now: () => app.now(),
  };
  built.set(app.db, deps);
  return deps;
}
