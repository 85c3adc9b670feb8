/**
 * Toasts for code outside React (the request client). The app shell binds antd's context-aware
 * message API (App.useApp); before that the static API is used.
 */
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let api: MessageInstance = staticMessage;

/** Binds the message API of `App.useApp()`. */
export function bindMessageApi(instance: MessageInstance): void {
  api = instance;
}

/** A warning shown for `seconds`; a `key` replaces an earlier toast with the same key. */
export function warn(content: string, seconds: number, key?: string): void {
  void api.open({ type: 'warning', content, duration: seconds, key });
}

/** An error shown for `seconds`. */
export function fail(content: string, seconds: number, key?: string): void {
  void api.open({ type: 'error', content, duration: seconds, key });
}

/** A success message shown for `seconds`. */
export function succeed(content: string, seconds = 2, key?: string): void {
  void api.open({ type: 'success', content, duration: seconds, key });
}
