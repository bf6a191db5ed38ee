import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';
import { apiErrorSchema } from '../../contract/common';

/** A response that did not match the schema its route declares (recorded only when checking). */
export interface ResponseMismatch {
  method: string;
  url: string;
  status: number;
  issues: string;
}

const mismatches: ResponseMismatch[] = [];

/** The mismatches seen since the last call; the test setup fails the test that caused any. */
export function takeResponseMismatches(): ResponseMismatch[] {
  return mismatches.splice(0, mismatches.length);
}

/**
 * Responses are always written with plain JSON.stringify: the declared schemas document the API and
 * are enforced by the tests (responseCheck below), never in production, where a field the schema does
 * not list must not turn a working page into a 500 and a second pass over every answer would only cost
 * time. Nothing is stripped either: what a service returns is what the client gets, in every mode.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

type ResponseMap = Record<string, unknown>;

/** The zod schema a route declares for a JSON answer with this status (exact code first, then 4xx). */
function jsonSchemaFor(response: ResponseMap | undefined, status: number): $ZodType | undefined {
  const entry = response?.[String(status)] ?? response?.[`${String(status)[0]}xx`];
  if (entry instanceof $ZodType) return entry;
  const content = (entry as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const schema = content?.['application/json']?.schema;
  return schema instanceof $ZodType ? schema : undefined;
}

/**
 * Parses a JSON answer as the client receives it (dates already strings) with the schema; a mismatch
 * is recorded and thrown. Returns quietly when the answer fits.
 */
export function checkJsonAnswer(
  schema: $ZodType,
  payload: string,
  where: { method: string; url: string; status: number },
) {
  const result = safeParse(schema, JSON.parse(payload));
  if (result.success) return;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  mismatches.push({ ...where, issues });
  throw new Error(
    `Response of ${where.method} ${where.url} (${where.status}) does not match its schema: ${issues}`,
  );
}

/**
 * Tests only (NODE_ENV=test): every JSON answer, serialised here or sent as ready JSON text or bytes
 * (the car answers), is checked against its route's schema. A mismatch answers 500 and is recorded, so
 * the test that made the call fails even when it does not look at the status.
 */
export async function responseCheck(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // Ready JSON comes as text or as bytes (the car answers kept by URL).
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || reply.statusCode >= 500) return payload;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  const response = (reply.routeOptions.schema as { response?: ResponseMap } | undefined)?.response;
  const schema = jsonSchemaFor(response, reply.statusCode);
  if (!schema) return payload;
  checkJsonAnswer(schema, text, {
    method: req.method,
    url: reply.routeOptions.url ?? req.url,
    status: reply.statusCode,
  });
  return payload;
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
