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

  it('gives every parameter a JSON Schema; the trend lists its metric as a query parameter', async () => {
    const doc = await apiDocOf(t.app);
    expect(doc.malformed).toEqual([]);
    // Its query was once a record, whose JSON Schema keywords @fastify/swagger listed as parameters.
    const trend = doc.paths['/v1/report/trend/{kind}']?.get?.parameters ?? [];
    expect(trend.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['metric']);
  });
});
