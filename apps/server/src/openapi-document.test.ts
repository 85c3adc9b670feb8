/**
 * docs/openapi.json is the OpenAPI document the server serves at /docs/json (built from the endpoint
 * table's zod schemas), committed beside docs/api-guide.md so that a clone holds the API reference
 * without running the server (issue 24 item 6). This test fails when the two differ; after a change
 * to an endpoint, `npm run docs:openapi` writes the file again (Vitest's file snapshot, `-u`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('docs/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is the document the server serves at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = JSON.parse(res.body) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../../../docs/openapi.json');
  });
});
