export declare const SECRET_SHAPES: readonly (readonly [string, RegExp])[];
export interface LogScan {
  files: number;
  lines: number;
  findings: { file: string; line: number; what: string }[];
}
export declare function scanLogDir(dir: string): LogScan;
