import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocOf } from '../../test/api-doc.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('OpenAPI document lists the issue 3 routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has every route with its method', async () => {
    const doc = await apiDocOf(t.app);
    const expected: [string, string][] = [
      ['/v1/passport/captcha/send_email', 'post'],
      ['/v1/passport/password/forgot', 'post'],
      ['/v1/passport/user/signup', 'post'],
      ['/api/v1/user/password', 'put'],
      ['/v1/passport/company/signup', 'post'],
      ['/v1/passport/account/signup', 'post'],
      ['/v1/passport/user/bind_account', 'post'],
      ['/v1/permission/user/add_opt_permission', 'post'],
      ['/v1/company/users', 'get'],
      ['/v1/company/users', 'delete'],
      ['/v1/company/users/status', 'put'],
      ['/v1/company/roles', 'get'],
      ['/v1/company/users/roles', 'put'],
      ['/v1/company/users/data_permission', 'get'],
      ['/v1/company/users/data_permission', 'put'],
    ];
    for (const [path, method] of expected) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toContain(method);
    }
  });

  it('gives every parameter a JSON Schema, but for the one known defect', async () => {
    // Known defect, reported (not this suite's to fix): the trend route's query is a record, and
    // @fastify/swagger lists the record's JSON Schema keywords as parameters (`type` with the schema
    // "object", `additionalProperties`). Fixed, this list becomes empty.
    expect((await apiDocOf(t.app)).malformed).toEqual(['GET /v1/report/trend/{kind} query type']);
  });
});
