import { startEmbeddedGateway } from "../harness/gateway.ts";
import { gatewayScenario } from "./gateway-scenario.ts";

gatewayScenario("embedded mode (npm start: PGlite, in-process bus)", (mock) => startEmbeddedGateway(mock));
