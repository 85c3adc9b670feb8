/**
 * Setup file of the server test project (vitest.config.ts): what ended with a test file's own process
 * before test processes ran several files one after another (isolate: false). Its `afterAll` runs after
 * the file's own hooks: the file's chDB endpoint is closed, so the next file, which may start an
 * endpoint of its own, finds none open (chDB allows one data directory per process).
 */
import { afterAll } from 'vitest';
import { closeSharedChdbEndpoint } from './test-app.ts';

afterAll(closeSharedChdbEndpoint);
