import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkJsonAnswer,
  responseSerializer,
  takeResponseMismatches,
} from '../../src/server/platform/serializer';
import { startTestApp, type TestApp } from '../helpers/app';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The operations of the document as "METHOD /path" with what they declare. */
function operations(doc: OpenApiDoc) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Answers that carry no body (the WebSocket upgrade); every other success must say what its body is. */
const BODILESS = new Set(['101', '204', '301', '302', '303', '307', '308']);

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status, res.body).toBe(200);
    doc = res.json;
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\./);
  });

  it('documents the success answer of every API route', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(120);
    const undocumented = ops
      .filter(({ op }) => {
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^[123]/.test(code));
        if (success.length === 0) return true;
        return success.some(
          ([code, r]) =>
            !BODILESS.has(code) &&
            !Object.values(r.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0),
        );
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });

  it('documents the error shape of every API route', () => {
    const missing = operations(doc)
      .filter(({ op }) => !op.responses?.['4XX'] && !op.responses?.['4xx'])
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });
});

describe('response checking in tests', () => {
  const where = { method: 'GET', url: '/api/example', status: 200 };
  const schema = z.object({ id: z.number(), name: z.string() });

  it('lets through an answer that fits, extra fields included', () => {
    expect(() => checkJsonAnswer(schema, '{"id":1,"name":"Xe","extra":true}', where)).not.toThrow();
    expect(takeResponseMismatches()).toEqual([]);
  });

  it('refuses and records an answer that does not match its schema', () => {
    expect(() => checkJsonAnswer(schema, '{"id":"1"}', where)).toThrow(/does not match its schema/);
    expect(takeResponseMismatches()).toEqual([expect.objectContaining(where)]);
  });

  it('writes answers with plain JSON.stringify, unchecked', () => {
    const serialize = responseSerializer({ schema, method: 'GET', url: '/api/example' });
    expect(serialize({ id: 'not a number' })).toBe('{"id":"not a number"}');
  });
});
