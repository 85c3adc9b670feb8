/**
 * Toasts for code outside React (the request client). The app shell binds antd's context-aware
 * message API (message.useMessage); before that the static API is used. A keyed toast shown on the
 * static API before the binding moves to the bound one when it comes, so a later toast with the same
 * key replaces it instead of showing beside it (two "session expired" toasts when the user info and a
 * later request both answered 20003 on either side of the binding). When the host unmounts, its API
 * is unbound again: a toast opened after that (a request that settles after its screen is gone) goes
 * to the static API instead of a holder that no longer exists, where antd would drop it.
 */
import { message as staticMessage } from 'antd';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';

let api: MessageInstance = staticMessage;
/** Keyed toasts opened on the static API before the binding, by key. */
const early = new Map<string, ArgsProps>();

/** Binds the message API of `message.useMessage()`, moving early keyed toasts onto it. */
export function bindMessageApi(instance: MessageInstance): void {
  api = instance;
  for (const [key, args] of early) {
    staticMessage.destroy(key);
    void instance.open(args);
  }
  early.clear();
}

/** Unbinds `instance` (the host's effect cleanup); a later binding of another instance is kept. */
export function unbindMessageApi(instance: MessageInstance): void {
  if (api === instance) api = staticMessage;
}

function open(args: ArgsProps): void {
  if (api === staticMessage && args.key !== undefined) early.set(String(args.key), args);
  void api.open(args);
}

/** A warning shown for `seconds`; a `key` replaces an earlier toast with the same key. */
export function warn(content: string, seconds: number, key?: string): void {
  open({ type: 'warning', content, duration: seconds, key });
}

/** An error shown for `seconds`. */
export function fail(content: string, seconds: number, key?: string): void {
  open({ type: 'error', content, duration: seconds, key });
}

/** A success message shown for `seconds`. */
export function succeed(content: string, seconds = 2, key?: string): void {
  open({ type: 'success', content, duration: seconds, key });
}
