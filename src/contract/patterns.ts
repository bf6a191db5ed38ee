/** What typed text must look like, without zod: the contract's schemas and the zod-free public forms share it. */

/** A Vietnamese mobile number, once spaces, dots and dashes are taken out. */
export const VN_PHONE = /^(?:\+?84|0)(?:3|5|7|8|9)\d{8}$/;

// Control characters other than tab, line feed and carriage return: never part of what people type.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** A host name: labels of letters, digits and dashes (punycode included), dot separated, 253 at most. */
export const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
