import type { z } from 'zod';

/** The longest text a field of `schema` accepts (its `.max()`), through optional, default and pipes. */
export function maxLengthOf(schema: z.ZodType | undefined, depth = 0): number | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: walks zod 4's wrappers, which share no public type
  const s: any = schema;
  if (!s || depth > 8) return undefined;
  if (typeof s.maxLength === 'number') return s.maxLength;
  const def = s._zod?.def ?? {};
  for (const inner of [def.innerType, def.in, def.out, def.schema]) {
    const max = maxLengthOf(inner, depth + 1);
    if (max !== undefined) return max;
  }
  return undefined;
}

/**
 * Every field's longest text in an object schema (wrapped in refinements or a preprocess too), so a form
 * can set `maxlength` from the contract the server validates with instead of repeating the numbers.
 */
export function maxLengths(schema: z.ZodType): Record<string, number> {
  // biome-ignore lint/suspicious/noExplicitAny: see maxLengthOf
  let s: any = schema;
  for (let depth = 0; s && !s._zod?.def?.shape && depth < 8; depth++) {
    const def = s._zod?.def;
    s = def?.innerType ?? def?.in ?? def?.schema ?? def?.out;
  }
  const shape: Record<string, z.ZodType> = s?._zod?.def?.shape ?? {};
  const out: Record<string, number> = {};
  for (const [key, field] of Object.entries(shape)) {
    const max = maxLengthOf(field);
    if (max !== undefined) out[key] = max;
  }
  return out;
}

/** The longest text each item of a list field accepts (a car's features: 100 characters each). */
export function itemMaxLengthOf(schema: z.ZodType | undefined, depth = 0): number | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: see maxLengthOf
  const s: any = schema;
  if (!s || depth > 8) return undefined;
  const def = s._zod?.def ?? {};
  if (def.type === 'array') return maxLengthOf(def.element);
  for (const inner of [def.innerType, def.in, def.out, def.schema]) {
    const max = itemMaxLengthOf(inner, depth + 1);
    if (max !== undefined) return max;
  }
  return undefined;
}
