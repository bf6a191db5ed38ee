import type { FastifySerializerCompiler } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';
import { apiErrorSchema } from '../../contract/common';

/** A response that did not match the schema its route declares (recorded only when checking). */
export interface ResponseMismatch {
  method: string;
  url: string;
  status: string | undefined;
  issues: string;
}

const mismatches: ResponseMismatch[] = [];

/** The mismatches seen since the last call; the test setup fails the test that caused any. */
export function takeResponseMismatches(): ResponseMismatch[] {
  return mismatches.splice(0, mismatches.length);
}

/**
 * Responses are always written with plain JSON.stringify: the declared schemas document the API and
 * are enforced by the tests, never in production, where a field the schema does not list must not turn
 * a working page into a 500 and a second pass over every answer would only cost time.
 *
 * With `check` (NODE_ENV=test), every answer is read back as the client receives it (dates as strings)
 * and parsed with its route's schema; a mismatch is recorded and thrown, so the call answers 500 and
 * the test that made it fails even when it does not look at the status.
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!check || !(schema instanceof $ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const result = safeParse(schema, json === undefined ? undefined : JSON.parse(json));
      if (result.success) return json;
      const issues = result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      mismatches.push({ method, url, status: httpStatus, issues });
      throw new Error(`Response of ${method} ${url} (${httpStatus}) does not match its schema: ${issues}`);
    };
  };
}

/**
 * Every documented route answers errors in one shape: declared here once for 4xx and 5xx unless the
 * route says otherwise, so the document shows it and the tests check it.
 */
export function withErrorResponses(routeSchema: { response?: Record<string, unknown>; hide?: boolean }) {
  if (routeSchema.hide) return;
  const response = routeSchema.response ?? {};
  response['4xx'] ??= apiErrorSchema;
  response['5xx'] ??= apiErrorSchema;
  routeSchema.response = response;
}
