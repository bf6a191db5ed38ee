/** Writes Brotli and gzip copies beside the compressible files under `dir` (precompress.mjs). */
export function precompress(dir: string): { files: number; before: number; after: number };
