import { describe } from "vitest";
import { startSplitGateway } from "../harness/gateway.ts";
import { gatewayScenario } from "./gateway-scenario.ts";

// Needs NATS (and uses DATABASE_URL's Postgres when set); npm test says so when it skips this.
describe.skipIf(!process.env.NATS_URL)("split mode", () => {
  gatewayScenario("split mode (control plane + two data planes on NATS)", (mock) => startSplitGateway(mock, 2));
});
