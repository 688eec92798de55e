/**
 * A request the data plane hands to the control plane (management API, /status, DELETE /v1/key), independent of
 * transport: relayed over HTTP in split mode, passed across the worker port in embedded mode.
 */
export interface ControlRequest {
  method: string;
  /** path only, no query string */
  path: string;
  /** raw query string without '?' ('' when none) */
  query: string;
  /** lower-case header names */
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ControlResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
