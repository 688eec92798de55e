/**
 * What can call work off: the client leaving. An AbortSignal is one; a RequestContext is another, one that
 * costs no AbortController and no event target per request (they were ~3 % of a data plane's CPU under load).
 */
export interface Cancellation {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Never called off. */
export const NEVER_CANCELLED: Cancellation = Object.freeze({ aborted: false, addEventListener() {}, removeEventListener() {} });
