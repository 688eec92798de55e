/**
 * Set by the control plane on a response to a change: "<epoch>/<sequence>" of the snapshot delta that carries
 * it. The relaying data plane waits for that delta, then removes the header before the client sees it.
 */
export const SEQUENCE_HEADER = "x-svc-snapshot-sequence";
