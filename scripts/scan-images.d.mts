// Types of scan-images.mjs for the TypeScript callers (the scanner's journeys and bench).
export declare const FRAME: { width: number; height: number };
export declare function barcodePng(bcid: string, text: string, options?: Record<string, unknown>): Promise<Buffer>;
export declare function framePixels(
  rows: Buffer[][],
  degrade: string,
  workDir: string,
): { data: Uint8ClampedArray; width: number; height: number };
export declare function framePng(rows: Buffer[][], degrade: string, file: string): string;
export declare function fakeCameraVideo(rows: Buffer[][], file: string, seconds?: number): string;
