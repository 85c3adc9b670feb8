import { moduleMockingTests, webProject } from './vitest.shared.ts';

/**
 * Web tests that mock or reset modules (`vi.mock`, `vi.doMock`, `vi.resetModules`), each file on a
 * module graph of its own: the rest share one (vitest.config.ts, vitest.shared.ts).
 */
export default webProject({ name: 'web-mocks', include: moduleMockingTests(), isolate: true });
