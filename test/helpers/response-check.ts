import { afterEach, expect } from 'vitest';
import { takeResponseMismatches } from '../../src/server/platform/serializer';

// In tests every answer is parsed with its route's response schema (platform/serializer.ts); a test
// whose calls met an answer the OpenAPI document does not describe fails here, whatever it asserted.
afterEach(() => {
  expect(takeResponseMismatches(), 'answers that do not match their route schema').toEqual([]);
});
