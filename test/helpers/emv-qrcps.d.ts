// emv-qrcps and crc ship no types: the parts the VietQR tests use.
declare module 'emv-qrcps' {
  interface ParsedEmvQr {
    /** The payload regenerated from the parsed fields, with the library's own CRC. */
    generatePayload(): string;
    /** Every field as "id length value" lines, templates indented one space. */
    rawData(): string;
  }
  const emv: { Merchant: { Parser: { toEMVQR(payload: string): ParsedEmvQr } } };
  export default emv;
}

declare module 'crc' {
  /** CRC-16/CCITT-FALSE of the text's bytes. */
  export function crc16ccitt(text: string): number;
}
