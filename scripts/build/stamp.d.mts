/** The project root. */
export const ROOT: string;
/** True when the part's outputs exist and were built from exactly the inputs there now (stamp.mjs). */
export function isFresh(part: 'web' | 'server', root?: string): boolean;
export function inputsHash(part: 'web' | 'server', root?: string): string;
export function writeStamp(part: 'web' | 'server', inputs: string, root?: string): void;
export function removeStamp(part: 'web' | 'server', root?: string): void;
