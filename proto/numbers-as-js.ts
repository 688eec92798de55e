// Imported before the generated code: without Long, protobufjs reads int64 as a JS number. Every int64 here is
// micro-USD or a count, far below 2^53, and numbers keep the hot path free of Long objects.
import $protobuf from "protobufjs/minimal.js";

$protobuf.util.Long = undefined as unknown as typeof $protobuf.util.Long;
$protobuf.configure();
