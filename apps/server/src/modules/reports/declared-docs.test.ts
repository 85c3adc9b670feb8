import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import before from './fixtures/openapi-declared-reports.json';

/** The document's path items, each kept whole (summary, parameters, responses, security). */
const document = z.object({ paths: z.record(z.string(), z.unknown()) });

describe('OpenAPI document of the declared kinds’ lists and exports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('documents the generated entries exactly as it documented the hand-written ones', async () => {
    // fixtures/: the path items /docs/json served before the entries were generated from the registry.
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const { paths } = document.parse(JSON.parse(res.body));
    for (const [path, item] of Object.entries(before)) {
      // JSON text, not toEqual: the parameters' order is part of the document.
      expect(JSON.stringify(paths[path]), path).toBe(JSON.stringify(item));
    }
  });
});
