// The part of unzipper (0.10, no types of its own) the market-price import uses: the central directory
// of a ZIP held in memory, and each entry's inflating stream.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export interface File {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    /** What the central directory declares, not what the entry really inflates to. */
    uncompressedSize: number;
    stream(password?: string): Readable;
  }

  export interface CentralDirectory {
    files: File[];
  }

  const unzipper: {
    Open: { buffer(buffer: Buffer): Promise<CentralDirectory> };
  };
  export default unzipper;
}
