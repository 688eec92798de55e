/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $TypeError = $util.global.TypeError, $parseInt = $util.global.parseInt, $BigInt = $util.global.BigInt, $String = $util.global.String, $Number = $util.global.Number, $Array = $util.global.Array, $Boolean = $util.global.Boolean;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const svc = $root.svc = (() => {

    /**
     * Namespace svc.
     * @exports svc
     * @namespace
     */
    const svc = {};

    svc.gateway = (function() {

        /**
         * Namespace gateway.
         * @memberof svc
         * @namespace
         */
        const gateway = {};

        gateway.v1 = (function() {

            /**
             * Namespace v1.
             * @memberof svc.gateway
             * @namespace
             */
            const v1 = {};

            v1.Limits = (function() {

                /**
                 * Properties of a Limits.
                 * @typedef {Object} svc.gateway.v1.Limits.$Properties
                 * @property {number|null} [monthlyBudgetMicros] Limits monthlyBudgetMicros
                 * @property {number|null} [totalBudgetMicros] Limits totalBudgetMicros
                 * @property {number|null} [requestsPerMinute] Limits requestsPerMinute
                 * @property {number|null} [tokensPerMinute] Limits tokensPerMinute
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Limits.
                 * @memberof svc.gateway.v1
                 * @interface ILimits
                 * @augments svc.gateway.v1.Limits.$Properties
                 * @deprecated Use svc.gateway.v1.Limits.$Properties instead.
                 */

                /**
                 * Shape of a Limits.
                 * @typedef {svc.gateway.v1.Limits.$Properties} svc.gateway.v1.Limits.$Shape
                 */

                /**
                 * Constructs a new Limits.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a Limits.
                 * @constructor
                 * @param {svc.gateway.v1.Limits.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Limits = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Limits monthlyBudgetMicros.
                 * @member {number|null|undefined} monthlyBudgetMicros
                 * @memberof svc.gateway.v1.Limits
                 * @instance
                 */
                Limits.prototype.monthlyBudgetMicros = null;

                /**
                 * Limits totalBudgetMicros.
                 * @member {number|null|undefined} totalBudgetMicros
                 * @memberof svc.gateway.v1.Limits
                 * @instance
                 */
                Limits.prototype.totalBudgetMicros = null;

                /**
                 * Limits requestsPerMinute.
                 * @member {number|null|undefined} requestsPerMinute
                 * @memberof svc.gateway.v1.Limits
                 * @instance
                 */
                Limits.prototype.requestsPerMinute = null;

                /**
                 * Limits tokensPerMinute.
                 * @member {number|null|undefined} tokensPerMinute
                 * @memberof svc.gateway.v1.Limits
                 * @instance
                 */
                Limits.prototype.tokensPerMinute = null;

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Limits.prototype, "_monthlyBudgetMicros", {
                    get: $util.oneOfGetter($oneOfFields = ["monthlyBudgetMicros"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Limits.prototype, "_totalBudgetMicros", {
                    get: $util.oneOfGetter($oneOfFields = ["totalBudgetMicros"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Limits.prototype, "_requestsPerMinute", {
                    get: $util.oneOfGetter($oneOfFields = ["requestsPerMinute"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(Limits.prototype, "_tokensPerMinute", {
                    get: $util.oneOfGetter($oneOfFields = ["tokensPerMinute"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new Limits instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {svc.gateway.v1.Limits.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.Limits} Limits instance
                 * @type {{
                 *   (properties: svc.gateway.v1.Limits.$Shape): svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape;
                 *   (properties?: svc.gateway.v1.Limits.$Properties): svc.gateway.v1.Limits;
                 * }}
                 */
                Limits.create = function(properties) {
                    return new Limits(properties);
                };

                /**
                 * Encodes the specified Limits message. Does not implicitly {@link svc.gateway.v1.Limits.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {svc.gateway.v1.Limits.$Properties} m Limits message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Limits.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.monthlyBudgetMicros != null && $Object.hasOwnProperty.call(m, "monthlyBudgetMicros"))
                        w.uint32(/* id 1, wireType 0 =*/8).int64(m.monthlyBudgetMicros);
                    if (m.totalBudgetMicros != null && $Object.hasOwnProperty.call(m, "totalBudgetMicros"))
                        w.uint32(/* id 2, wireType 0 =*/16).int64(m.totalBudgetMicros);
                    if (m.requestsPerMinute != null && $Object.hasOwnProperty.call(m, "requestsPerMinute"))
                        w.uint32(/* id 3, wireType 0 =*/24).int64(m.requestsPerMinute);
                    if (m.tokensPerMinute != null && $Object.hasOwnProperty.call(m, "tokensPerMinute"))
                        w.uint32(/* id 4, wireType 0 =*/32).int64(m.tokensPerMinute);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified Limits message, length delimited. Does not implicitly {@link svc.gateway.v1.Limits.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {svc.gateway.v1.Limits.$Properties} message Limits message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Limits.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a Limits message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape} Limits
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Limits.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.Limits();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                m.monthlyBudgetMicros = r.int64();
                                m._monthlyBudgetMicros = "monthlyBudgetMicros";
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                m.totalBudgetMicros = r.int64();
                                m._totalBudgetMicros = "totalBudgetMicros";
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                m.requestsPerMinute = r.int64();
                                m._requestsPerMinute = "requestsPerMinute";
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                m.tokensPerMinute = r.int64();
                                m._tokensPerMinute = "tokensPerMinute";
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a Limits message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape} Limits
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Limits.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a Limits message.
                 * @function verify
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                Limits.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    var p = {};
                    if (m.monthlyBudgetMicros != null && $Object.hasOwnProperty.call(m, "monthlyBudgetMicros")) {
                        p._monthlyBudgetMicros = 1;
                        if (!$util.isInteger(m.monthlyBudgetMicros) && !(m.monthlyBudgetMicros && $util.isInteger(m.monthlyBudgetMicros.low) && $util.isInteger(m.monthlyBudgetMicros.high)))
                            return "monthlyBudgetMicros: integer|Long expected";
                    }
                    if (m.totalBudgetMicros != null && $Object.hasOwnProperty.call(m, "totalBudgetMicros")) {
                        p._totalBudgetMicros = 1;
                        if (!$util.isInteger(m.totalBudgetMicros) && !(m.totalBudgetMicros && $util.isInteger(m.totalBudgetMicros.low) && $util.isInteger(m.totalBudgetMicros.high)))
                            return "totalBudgetMicros: integer|Long expected";
                    }
                    if (m.requestsPerMinute != null && $Object.hasOwnProperty.call(m, "requestsPerMinute")) {
                        p._requestsPerMinute = 1;
                        if (!$util.isInteger(m.requestsPerMinute) && !(m.requestsPerMinute && $util.isInteger(m.requestsPerMinute.low) && $util.isInteger(m.requestsPerMinute.high)))
                            return "requestsPerMinute: integer|Long expected";
                    }
                    if (m.tokensPerMinute != null && $Object.hasOwnProperty.call(m, "tokensPerMinute")) {
                        p._tokensPerMinute = 1;
                        if (!$util.isInteger(m.tokensPerMinute) && !(m.tokensPerMinute && $util.isInteger(m.tokensPerMinute.low) && $util.isInteger(m.tokensPerMinute.high)))
                            return "tokensPerMinute: integer|Long expected";
                    }
                    return null;
                };

                /**
                 * Creates a Limits message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.Limits} Limits
                 */
                Limits.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.Limits)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.Limits: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.Limits();
                    if (d.monthlyBudgetMicros != null) {
                        if ($util.Long)
                            m.monthlyBudgetMicros = $util.Long.fromValue(d.monthlyBudgetMicros, false);
                        else if (typeof d.monthlyBudgetMicros === "string")
                            m.monthlyBudgetMicros = $parseInt(d.monthlyBudgetMicros, 10);
                        else if (typeof d.monthlyBudgetMicros === "number")
                            m.monthlyBudgetMicros = d.monthlyBudgetMicros;
                        else if (typeof d.monthlyBudgetMicros === "object")
                            m.monthlyBudgetMicros = new $util.LongBits(d.monthlyBudgetMicros.low >>> 0, d.monthlyBudgetMicros.high >>> 0).toNumber();
                    }
                    if (d.totalBudgetMicros != null) {
                        if ($util.Long)
                            m.totalBudgetMicros = $util.Long.fromValue(d.totalBudgetMicros, false);
                        else if (typeof d.totalBudgetMicros === "string")
                            m.totalBudgetMicros = $parseInt(d.totalBudgetMicros, 10);
                        else if (typeof d.totalBudgetMicros === "number")
                            m.totalBudgetMicros = d.totalBudgetMicros;
                        else if (typeof d.totalBudgetMicros === "object")
                            m.totalBudgetMicros = new $util.LongBits(d.totalBudgetMicros.low >>> 0, d.totalBudgetMicros.high >>> 0).toNumber();
                    }
                    if (d.requestsPerMinute != null) {
                        if ($util.Long)
                            m.requestsPerMinute = $util.Long.fromValue(d.requestsPerMinute, false);
                        else if (typeof d.requestsPerMinute === "string")
                            m.requestsPerMinute = $parseInt(d.requestsPerMinute, 10);
                        else if (typeof d.requestsPerMinute === "number")
                            m.requestsPerMinute = d.requestsPerMinute;
                        else if (typeof d.requestsPerMinute === "object")
                            m.requestsPerMinute = new $util.LongBits(d.requestsPerMinute.low >>> 0, d.requestsPerMinute.high >>> 0).toNumber();
                    }
                    if (d.tokensPerMinute != null) {
                        if ($util.Long)
                            m.tokensPerMinute = $util.Long.fromValue(d.tokensPerMinute, false);
                        else if (typeof d.tokensPerMinute === "string")
                            m.tokensPerMinute = $parseInt(d.tokensPerMinute, 10);
                        else if (typeof d.tokensPerMinute === "number")
                            m.tokensPerMinute = d.tokensPerMinute;
                        else if (typeof d.tokensPerMinute === "object")
                            m.tokensPerMinute = new $util.LongBits(d.tokensPerMinute.low >>> 0, d.tokensPerMinute.high >>> 0).toNumber();
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a Limits message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {svc.gateway.v1.Limits} m Limits
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                Limits.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (m.monthlyBudgetMicros != null && $Object.hasOwnProperty.call(m, "monthlyBudgetMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.monthlyBudgetMicros = typeof m.monthlyBudgetMicros === "number" ? $BigInt(m.monthlyBudgetMicros) : $util.Long.fromBits(m.monthlyBudgetMicros.low >>> 0, m.monthlyBudgetMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.monthlyBudgetMicros === "number")
                            d.monthlyBudgetMicros = o.longs === $String ? $String(m.monthlyBudgetMicros) : m.monthlyBudgetMicros;
                        else
                            d.monthlyBudgetMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.monthlyBudgetMicros) : o.longs === $Number ? new $util.LongBits(m.monthlyBudgetMicros.low >>> 0, m.monthlyBudgetMicros.high >>> 0).toNumber() : m.monthlyBudgetMicros;
                    }
                    if (m.totalBudgetMicros != null && $Object.hasOwnProperty.call(m, "totalBudgetMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.totalBudgetMicros = typeof m.totalBudgetMicros === "number" ? $BigInt(m.totalBudgetMicros) : $util.Long.fromBits(m.totalBudgetMicros.low >>> 0, m.totalBudgetMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.totalBudgetMicros === "number")
                            d.totalBudgetMicros = o.longs === $String ? $String(m.totalBudgetMicros) : m.totalBudgetMicros;
                        else
                            d.totalBudgetMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.totalBudgetMicros) : o.longs === $Number ? new $util.LongBits(m.totalBudgetMicros.low >>> 0, m.totalBudgetMicros.high >>> 0).toNumber() : m.totalBudgetMicros;
                    }
                    if (m.requestsPerMinute != null && $Object.hasOwnProperty.call(m, "requestsPerMinute")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.requestsPerMinute = typeof m.requestsPerMinute === "number" ? $BigInt(m.requestsPerMinute) : $util.Long.fromBits(m.requestsPerMinute.low >>> 0, m.requestsPerMinute.high >>> 0, false).toBigInt();
                        else if (typeof m.requestsPerMinute === "number")
                            d.requestsPerMinute = o.longs === $String ? $String(m.requestsPerMinute) : m.requestsPerMinute;
                        else
                            d.requestsPerMinute = o.longs === $String ? $util.Long.prototype.toString.call(m.requestsPerMinute) : o.longs === $Number ? new $util.LongBits(m.requestsPerMinute.low >>> 0, m.requestsPerMinute.high >>> 0).toNumber() : m.requestsPerMinute;
                    }
                    if (m.tokensPerMinute != null && $Object.hasOwnProperty.call(m, "tokensPerMinute")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.tokensPerMinute = typeof m.tokensPerMinute === "number" ? $BigInt(m.tokensPerMinute) : $util.Long.fromBits(m.tokensPerMinute.low >>> 0, m.tokensPerMinute.high >>> 0, false).toBigInt();
                        else if (typeof m.tokensPerMinute === "number")
                            d.tokensPerMinute = o.longs === $String ? $String(m.tokensPerMinute) : m.tokensPerMinute;
                        else
                            d.tokensPerMinute = o.longs === $String ? $util.Long.prototype.toString.call(m.tokensPerMinute) : o.longs === $Number ? new $util.LongBits(m.tokensPerMinute.low >>> 0, m.tokensPerMinute.high >>> 0).toNumber() : m.tokensPerMinute;
                    }
                    return d;
                };

                /**
                 * Converts this Limits to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.Limits
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                Limits.prototype.toJSON = function() {
                    return Limits.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for Limits
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.Limits
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Limits.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.Limits";
                };

                return Limits;
            })();

            v1.KeyEntry = (function() {

                /**
                 * Properties of a KeyEntry.
                 * @typedef {Object} svc.gateway.v1.KeyEntry.$Properties
                 * @property {string|null} [id] KeyEntry id
                 * @property {string|null} [hash] KeyEntry hash
                 * @property {string|null} [orgId] KeyEntry orgId
                 * @property {string|null} [kind] KeyEntry kind
                 * @property {string|null} [name] KeyEntry name
                 * @property {boolean|null} [allModels] KeyEntry allModels
                 * @property {Array.<string>|null} [models] KeyEntry models
                 * @property {svc.gateway.v1.Limits.$Properties|null} [limits] KeyEntry limits
                 * @property {string|null} [month] KeyEntry month
                 * @property {number|null} [spendMonthMicros] KeyEntry spendMonthMicros
                 * @property {number|null} [spendTotalMicros] KeyEntry spendTotalMicros
                 * @property {boolean|null} [revoked] KeyEntry revoked
                 * @property {string|null} [prefix] KeyEntry prefix
                 * @property {number|null} [createdAtMs] KeyEntry createdAtMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a KeyEntry.
                 * @memberof svc.gateway.v1
                 * @interface IKeyEntry
                 * @augments svc.gateway.v1.KeyEntry.$Properties
                 * @deprecated Use svc.gateway.v1.KeyEntry.$Properties instead.
                 */

                /**
                 * Shape of a KeyEntry.
                 * @typedef {svc.gateway.v1.KeyEntry.$Properties} svc.gateway.v1.KeyEntry.$Shape
                 */

                /**
                 * Constructs a new KeyEntry.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a KeyEntry.
                 * @constructor
                 * @param {svc.gateway.v1.KeyEntry.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const KeyEntry = function (p) {
                    this.models = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * KeyEntry id.
                 * @member {string} id
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.id = "";

                /**
                 * KeyEntry hash.
                 * @member {string} hash
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.hash = "";

                /**
                 * KeyEntry orgId.
                 * @member {string} orgId
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.orgId = "";

                /**
                 * KeyEntry kind.
                 * @member {string} kind
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.kind = "";

                /**
                 * KeyEntry name.
                 * @member {string} name
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.name = "";

                /**
                 * KeyEntry allModels.
                 * @member {boolean} allModels
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.allModels = false;

                /**
                 * KeyEntry models.
                 * @member {Array.<string>} models
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.models = $util.emptyArray;

                /**
                 * KeyEntry limits.
                 * @member {svc.gateway.v1.Limits.$Properties|null|undefined} limits
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.limits = null;

                /**
                 * KeyEntry month.
                 * @member {string} month
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.month = "";

                /**
                 * KeyEntry spendMonthMicros.
                 * @member {number} spendMonthMicros
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.spendMonthMicros = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * KeyEntry spendTotalMicros.
                 * @member {number} spendTotalMicros
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.spendTotalMicros = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * KeyEntry revoked.
                 * @member {boolean} revoked
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.revoked = false;

                /**
                 * KeyEntry prefix.
                 * @member {string} prefix
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.prefix = "";

                /**
                 * KeyEntry createdAtMs.
                 * @member {number} createdAtMs
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 */
                KeyEntry.prototype.createdAtMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Creates a new KeyEntry instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {svc.gateway.v1.KeyEntry.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.KeyEntry} KeyEntry instance
                 * @type {{
                 *   (properties: svc.gateway.v1.KeyEntry.$Shape): svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape;
                 *   (properties?: svc.gateway.v1.KeyEntry.$Properties): svc.gateway.v1.KeyEntry;
                 * }}
                 */
                KeyEntry.create = function(properties) {
                    return new KeyEntry(properties);
                };

                /**
                 * Encodes the specified KeyEntry message. Does not implicitly {@link svc.gateway.v1.KeyEntry.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {svc.gateway.v1.KeyEntry.$Properties} m KeyEntry message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                KeyEntry.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id") && m.id !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.id);
                    if (m.hash != null && $Object.hasOwnProperty.call(m, "hash") && m.hash !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.hash);
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId") && m.orgId !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.orgId);
                    if (m.kind != null && $Object.hasOwnProperty.call(m, "kind") && m.kind !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.kind);
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.name);
                    if (m.allModels != null && $Object.hasOwnProperty.call(m, "allModels") && m.allModels !== false)
                        w.uint32(/* id 6, wireType 0 =*/48).bool(m.allModels);
                    if (m.models != null && m.models.length) {
                        for (var i = 0; i < m.models.length; ++i)
                            w.uint32(/* id 7, wireType 2 =*/58).string(m.models[i]);
                    }
                    if (m.limits != null && $Object.hasOwnProperty.call(m, "limits"))
                        $root.svc.gateway.v1.Limits.encode(m.limits, w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                    if (m.month != null && $Object.hasOwnProperty.call(m, "month") && m.month !== "")
                        w.uint32(/* id 9, wireType 2 =*/74).string(m.month);
                    if (m.spendMonthMicros != null && $Object.hasOwnProperty.call(m, "spendMonthMicros") && (typeof m.spendMonthMicros === "object" ? m.spendMonthMicros.low || m.spendMonthMicros.high : m.spendMonthMicros !== 0))
                        w.uint32(/* id 10, wireType 0 =*/80).int64(m.spendMonthMicros);
                    if (m.spendTotalMicros != null && $Object.hasOwnProperty.call(m, "spendTotalMicros") && (typeof m.spendTotalMicros === "object" ? m.spendTotalMicros.low || m.spendTotalMicros.high : m.spendTotalMicros !== 0))
                        w.uint32(/* id 11, wireType 0 =*/88).int64(m.spendTotalMicros);
                    if (m.revoked != null && $Object.hasOwnProperty.call(m, "revoked") && m.revoked !== false)
                        w.uint32(/* id 12, wireType 0 =*/96).bool(m.revoked);
                    if (m.prefix != null && $Object.hasOwnProperty.call(m, "prefix") && m.prefix !== "")
                        w.uint32(/* id 13, wireType 2 =*/106).string(m.prefix);
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs") && (typeof m.createdAtMs === "object" ? m.createdAtMs.low || m.createdAtMs.high : m.createdAtMs !== 0))
                        w.uint32(/* id 14, wireType 0 =*/112).int64(m.createdAtMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified KeyEntry message, length delimited. Does not implicitly {@link svc.gateway.v1.KeyEntry.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {svc.gateway.v1.KeyEntry.$Properties} message KeyEntry message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                KeyEntry.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a KeyEntry message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape} KeyEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                KeyEntry.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.KeyEntry();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.id = v;
                                else
                                    delete m.id;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.hash = v;
                                else
                                    delete m.hash;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.orgId = v;
                                else
                                    delete m.orgId;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.kind = v;
                                else
                                    delete m.kind;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.allModels = v;
                                else
                                    delete m.allModels;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if (!(m.models && m.models.length))
                                    m.models = [];
                                m.models.push(r.stringVerify());
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                m.limits = $root.svc.gateway.v1.Limits.decode(r, r.size(), $undefined, q + 1, m.limits);
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.month = v;
                                else
                                    delete m.month;
                                continue;
                            }
                        case 10: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.spendMonthMicros = v;
                                else
                                    delete m.spendMonthMicros;
                                continue;
                            }
                        case 11: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.spendTotalMicros = v;
                                else
                                    delete m.spendTotalMicros;
                                continue;
                            }
                        case 12: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.revoked = v;
                                else
                                    delete m.revoked;
                                continue;
                            }
                        case 13: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.prefix = v;
                                else
                                    delete m.prefix;
                                continue;
                            }
                        case 14: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.createdAtMs = v;
                                else
                                    delete m.createdAtMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a KeyEntry message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape} KeyEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                KeyEntry.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a KeyEntry message.
                 * @function verify
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                KeyEntry.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        if (!$util.isString(m.id))
                            return "id: string expected";
                    }
                    if (m.hash != null && $Object.hasOwnProperty.call(m, "hash")) {
                        if (!$util.isString(m.hash))
                            return "hash: string expected";
                    }
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId")) {
                        if (!$util.isString(m.orgId))
                            return "orgId: string expected";
                    }
                    if (m.kind != null && $Object.hasOwnProperty.call(m, "kind")) {
                        if (!$util.isString(m.kind))
                            return "kind: string expected";
                    }
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name")) {
                        if (!$util.isString(m.name))
                            return "name: string expected";
                    }
                    if (m.allModels != null && $Object.hasOwnProperty.call(m, "allModels")) {
                        if (typeof m.allModels !== "boolean")
                            return "allModels: boolean expected";
                    }
                    if (m.models != null && $Object.hasOwnProperty.call(m, "models")) {
                        if (!$Array.isArray(m.models))
                            return "models: array expected";
                        for (var i = 0; i < m.models.length; ++i) {
                            if (!$util.isString(m.models[i]))
                                return "models: string[] expected";
                        }
                    }
                    if (m.limits != null && $Object.hasOwnProperty.call(m, "limits")) {
                        {
                            var e = $root.svc.gateway.v1.Limits.verify(m.limits, q + 1);
                            if (e)
                                return "limits." + e;
                        }
                    }
                    if (m.month != null && $Object.hasOwnProperty.call(m, "month")) {
                        if (!$util.isString(m.month))
                            return "month: string expected";
                    }
                    if (m.spendMonthMicros != null && $Object.hasOwnProperty.call(m, "spendMonthMicros")) {
                        if (!$util.isInteger(m.spendMonthMicros) && !(m.spendMonthMicros && $util.isInteger(m.spendMonthMicros.low) && $util.isInteger(m.spendMonthMicros.high)))
                            return "spendMonthMicros: integer|Long expected";
                    }
                    if (m.spendTotalMicros != null && $Object.hasOwnProperty.call(m, "spendTotalMicros")) {
                        if (!$util.isInteger(m.spendTotalMicros) && !(m.spendTotalMicros && $util.isInteger(m.spendTotalMicros.low) && $util.isInteger(m.spendTotalMicros.high)))
                            return "spendTotalMicros: integer|Long expected";
                    }
                    if (m.revoked != null && $Object.hasOwnProperty.call(m, "revoked")) {
                        if (typeof m.revoked !== "boolean")
                            return "revoked: boolean expected";
                    }
                    if (m.prefix != null && $Object.hasOwnProperty.call(m, "prefix")) {
                        if (!$util.isString(m.prefix))
                            return "prefix: string expected";
                    }
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs")) {
                        if (!$util.isInteger(m.createdAtMs) && !(m.createdAtMs && $util.isInteger(m.createdAtMs.low) && $util.isInteger(m.createdAtMs.high)))
                            return "createdAtMs: integer|Long expected";
                    }
                    return null;
                };

                /**
                 * Creates a KeyEntry message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.KeyEntry} KeyEntry
                 */
                KeyEntry.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.KeyEntry)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.KeyEntry: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.KeyEntry();
                    if (d.id != null) {
                        if (typeof d.id !== "string" || d.id.length) {
                            m.id = $String(d.id);
                        }
                    }
                    if (d.hash != null) {
                        if (typeof d.hash !== "string" || d.hash.length) {
                            m.hash = $String(d.hash);
                        }
                    }
                    if (d.orgId != null) {
                        if (typeof d.orgId !== "string" || d.orgId.length) {
                            m.orgId = $String(d.orgId);
                        }
                    }
                    if (d.kind != null) {
                        if (typeof d.kind !== "string" || d.kind.length) {
                            m.kind = $String(d.kind);
                        }
                    }
                    if (d.name != null) {
                        if (typeof d.name !== "string" || d.name.length) {
                            m.name = $String(d.name);
                        }
                    }
                    if (d.allModels != null) {
                        if (d.allModels) {
                            m.allModels = $Boolean(d.allModels);
                        }
                    }
                    if (d.models) {
                        if (!$Array.isArray(d.models))
                            throw $TypeError(".svc.gateway.v1.KeyEntry.models: array expected");
                        m.models = $Array(d.models.length);
                        for (var i = 0; i < d.models.length; ++i) {
                            m.models[i] = $String(d.models[i]);
                        }
                    }
                    if (d.limits != null) {
                        if (!$util.isObject(d.limits))
                            throw $TypeError(".svc.gateway.v1.KeyEntry.limits: object expected");
                        m.limits = $root.svc.gateway.v1.Limits.fromObject(d.limits, q + 1);
                    }
                    if (d.month != null) {
                        if (typeof d.month !== "string" || d.month.length) {
                            m.month = $String(d.month);
                        }
                    }
                    if (d.spendMonthMicros != null) {
                        if (typeof d.spendMonthMicros === "object" ? d.spendMonthMicros.low || d.spendMonthMicros.high : $Number(d.spendMonthMicros) !== 0) {
                            if ($util.Long)
                                m.spendMonthMicros = $util.Long.fromValue(d.spendMonthMicros, false);
                            else if (typeof d.spendMonthMicros === "string")
                                m.spendMonthMicros = $parseInt(d.spendMonthMicros, 10);
                            else if (typeof d.spendMonthMicros === "number")
                                m.spendMonthMicros = d.spendMonthMicros;
                            else if (typeof d.spendMonthMicros === "object")
                                m.spendMonthMicros = new $util.LongBits(d.spendMonthMicros.low >>> 0, d.spendMonthMicros.high >>> 0).toNumber();
                        }
                    }
                    if (d.spendTotalMicros != null) {
                        if (typeof d.spendTotalMicros === "object" ? d.spendTotalMicros.low || d.spendTotalMicros.high : $Number(d.spendTotalMicros) !== 0) {
                            if ($util.Long)
                                m.spendTotalMicros = $util.Long.fromValue(d.spendTotalMicros, false);
                            else if (typeof d.spendTotalMicros === "string")
                                m.spendTotalMicros = $parseInt(d.spendTotalMicros, 10);
                            else if (typeof d.spendTotalMicros === "number")
                                m.spendTotalMicros = d.spendTotalMicros;
                            else if (typeof d.spendTotalMicros === "object")
                                m.spendTotalMicros = new $util.LongBits(d.spendTotalMicros.low >>> 0, d.spendTotalMicros.high >>> 0).toNumber();
                        }
                    }
                    if (d.revoked != null) {
                        if (d.revoked) {
                            m.revoked = $Boolean(d.revoked);
                        }
                    }
                    if (d.prefix != null) {
                        if (typeof d.prefix !== "string" || d.prefix.length) {
                            m.prefix = $String(d.prefix);
                        }
                    }
                    if (d.createdAtMs != null) {
                        if (typeof d.createdAtMs === "object" ? d.createdAtMs.low || d.createdAtMs.high : $Number(d.createdAtMs) !== 0) {
                            if ($util.Long)
                                m.createdAtMs = $util.Long.fromValue(d.createdAtMs, false);
                            else if (typeof d.createdAtMs === "string")
                                m.createdAtMs = $parseInt(d.createdAtMs, 10);
                            else if (typeof d.createdAtMs === "number")
                                m.createdAtMs = d.createdAtMs;
                            else if (typeof d.createdAtMs === "object")
                                m.createdAtMs = new $util.LongBits(d.createdAtMs.low >>> 0, d.createdAtMs.high >>> 0).toNumber();
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a KeyEntry message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {svc.gateway.v1.KeyEntry} m KeyEntry
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                KeyEntry.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.arrays || o.defaults) {
                        d.models = [];
                    }
                    if (o.defaults) {
                        d.id = "";
                        d.hash = "";
                        d.orgId = "";
                        d.kind = "";
                        d.name = "";
                        d.allModels = false;
                        d.limits = null;
                        d.month = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.spendMonthMicros = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.spendMonthMicros = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.spendTotalMicros = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.spendTotalMicros = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        d.revoked = false;
                        d.prefix = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.createdAtMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.createdAtMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        d.id = m.id;
                    }
                    if (m.hash != null && $Object.hasOwnProperty.call(m, "hash")) {
                        d.hash = m.hash;
                    }
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId")) {
                        d.orgId = m.orgId;
                    }
                    if (m.kind != null && $Object.hasOwnProperty.call(m, "kind")) {
                        d.kind = m.kind;
                    }
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name")) {
                        d.name = m.name;
                    }
                    if (m.allModels != null && $Object.hasOwnProperty.call(m, "allModels")) {
                        d.allModels = m.allModels;
                    }
                    if (m.models && m.models.length) {
                        d.models = $Array(m.models.length);
                        for (var j = 0; j < m.models.length; ++j) {
                            d.models[j] = m.models[j];
                        }
                    }
                    if (m.limits != null && $Object.hasOwnProperty.call(m, "limits")) {
                        d.limits = $root.svc.gateway.v1.Limits.toObject(m.limits, o, q + 1);
                    }
                    if (m.month != null && $Object.hasOwnProperty.call(m, "month")) {
                        d.month = m.month;
                    }
                    if (m.spendMonthMicros != null && $Object.hasOwnProperty.call(m, "spendMonthMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.spendMonthMicros = typeof m.spendMonthMicros === "number" ? $BigInt(m.spendMonthMicros) : $util.Long.fromBits(m.spendMonthMicros.low >>> 0, m.spendMonthMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.spendMonthMicros === "number")
                            d.spendMonthMicros = o.longs === $String ? $String(m.spendMonthMicros) : m.spendMonthMicros;
                        else
                            d.spendMonthMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.spendMonthMicros) : o.longs === $Number ? new $util.LongBits(m.spendMonthMicros.low >>> 0, m.spendMonthMicros.high >>> 0).toNumber() : m.spendMonthMicros;
                    }
                    if (m.spendTotalMicros != null && $Object.hasOwnProperty.call(m, "spendTotalMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.spendTotalMicros = typeof m.spendTotalMicros === "number" ? $BigInt(m.spendTotalMicros) : $util.Long.fromBits(m.spendTotalMicros.low >>> 0, m.spendTotalMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.spendTotalMicros === "number")
                            d.spendTotalMicros = o.longs === $String ? $String(m.spendTotalMicros) : m.spendTotalMicros;
                        else
                            d.spendTotalMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.spendTotalMicros) : o.longs === $Number ? new $util.LongBits(m.spendTotalMicros.low >>> 0, m.spendTotalMicros.high >>> 0).toNumber() : m.spendTotalMicros;
                    }
                    if (m.revoked != null && $Object.hasOwnProperty.call(m, "revoked")) {
                        d.revoked = m.revoked;
                    }
                    if (m.prefix != null && $Object.hasOwnProperty.call(m, "prefix")) {
                        d.prefix = m.prefix;
                    }
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.createdAtMs = typeof m.createdAtMs === "number" ? $BigInt(m.createdAtMs) : $util.Long.fromBits(m.createdAtMs.low >>> 0, m.createdAtMs.high >>> 0, false).toBigInt();
                        else if (typeof m.createdAtMs === "number")
                            d.createdAtMs = o.longs === $String ? $String(m.createdAtMs) : m.createdAtMs;
                        else
                            d.createdAtMs = o.longs === $String ? $util.Long.prototype.toString.call(m.createdAtMs) : o.longs === $Number ? new $util.LongBits(m.createdAtMs.low >>> 0, m.createdAtMs.high >>> 0).toNumber() : m.createdAtMs;
                    }
                    return d;
                };

                /**
                 * Converts this KeyEntry to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.KeyEntry
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                KeyEntry.prototype.toJSON = function() {
                    return KeyEntry.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for KeyEntry
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.KeyEntry
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                KeyEntry.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.KeyEntry";
                };

                return KeyEntry;
            })();

            v1.OrgEntry = (function() {

                /**
                 * Properties of an OrgEntry.
                 * @typedef {Object} svc.gateway.v1.OrgEntry.$Properties
                 * @property {string|null} [id] OrgEntry id
                 * @property {string|null} [name] OrgEntry name
                 * @property {number|null} [balanceMicros] OrgEntry balanceMicros
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an OrgEntry.
                 * @memberof svc.gateway.v1
                 * @interface IOrgEntry
                 * @augments svc.gateway.v1.OrgEntry.$Properties
                 * @deprecated Use svc.gateway.v1.OrgEntry.$Properties instead.
                 */

                /**
                 * Shape of an OrgEntry.
                 * @typedef {svc.gateway.v1.OrgEntry.$Properties} svc.gateway.v1.OrgEntry.$Shape
                 */

                /**
                 * Constructs a new OrgEntry.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents an OrgEntry.
                 * @constructor
                 * @param {svc.gateway.v1.OrgEntry.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const OrgEntry = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * OrgEntry id.
                 * @member {string} id
                 * @memberof svc.gateway.v1.OrgEntry
                 * @instance
                 */
                OrgEntry.prototype.id = "";

                /**
                 * OrgEntry name.
                 * @member {string} name
                 * @memberof svc.gateway.v1.OrgEntry
                 * @instance
                 */
                OrgEntry.prototype.name = "";

                /**
                 * OrgEntry balanceMicros.
                 * @member {number} balanceMicros
                 * @memberof svc.gateway.v1.OrgEntry
                 * @instance
                 */
                OrgEntry.prototype.balanceMicros = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Creates a new OrgEntry instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {svc.gateway.v1.OrgEntry.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.OrgEntry} OrgEntry instance
                 * @type {{
                 *   (properties: svc.gateway.v1.OrgEntry.$Shape): svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape;
                 *   (properties?: svc.gateway.v1.OrgEntry.$Properties): svc.gateway.v1.OrgEntry;
                 * }}
                 */
                OrgEntry.create = function(properties) {
                    return new OrgEntry(properties);
                };

                /**
                 * Encodes the specified OrgEntry message. Does not implicitly {@link svc.gateway.v1.OrgEntry.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {svc.gateway.v1.OrgEntry.$Properties} m OrgEntry message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                OrgEntry.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id") && m.id !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.id);
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.name);
                    if (m.balanceMicros != null && $Object.hasOwnProperty.call(m, "balanceMicros") && (typeof m.balanceMicros === "object" ? m.balanceMicros.low || m.balanceMicros.high : m.balanceMicros !== 0))
                        w.uint32(/* id 3, wireType 0 =*/24).int64(m.balanceMicros);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified OrgEntry message, length delimited. Does not implicitly {@link svc.gateway.v1.OrgEntry.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {svc.gateway.v1.OrgEntry.$Properties} message OrgEntry message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                OrgEntry.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes an OrgEntry message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape} OrgEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                OrgEntry.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.OrgEntry();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.id = v;
                                else
                                    delete m.id;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.balanceMicros = v;
                                else
                                    delete m.balanceMicros;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes an OrgEntry message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape} OrgEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                OrgEntry.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies an OrgEntry message.
                 * @function verify
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                OrgEntry.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        if (!$util.isString(m.id))
                            return "id: string expected";
                    }
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name")) {
                        if (!$util.isString(m.name))
                            return "name: string expected";
                    }
                    if (m.balanceMicros != null && $Object.hasOwnProperty.call(m, "balanceMicros")) {
                        if (!$util.isInteger(m.balanceMicros) && !(m.balanceMicros && $util.isInteger(m.balanceMicros.low) && $util.isInteger(m.balanceMicros.high)))
                            return "balanceMicros: integer|Long expected";
                    }
                    return null;
                };

                /**
                 * Creates an OrgEntry message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.OrgEntry} OrgEntry
                 */
                OrgEntry.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.OrgEntry)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.OrgEntry: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.OrgEntry();
                    if (d.id != null) {
                        if (typeof d.id !== "string" || d.id.length) {
                            m.id = $String(d.id);
                        }
                    }
                    if (d.name != null) {
                        if (typeof d.name !== "string" || d.name.length) {
                            m.name = $String(d.name);
                        }
                    }
                    if (d.balanceMicros != null) {
                        if (typeof d.balanceMicros === "object" ? d.balanceMicros.low || d.balanceMicros.high : $Number(d.balanceMicros) !== 0) {
                            if ($util.Long)
                                m.balanceMicros = $util.Long.fromValue(d.balanceMicros, false);
                            else if (typeof d.balanceMicros === "string")
                                m.balanceMicros = $parseInt(d.balanceMicros, 10);
                            else if (typeof d.balanceMicros === "number")
                                m.balanceMicros = d.balanceMicros;
                            else if (typeof d.balanceMicros === "object")
                                m.balanceMicros = new $util.LongBits(d.balanceMicros.low >>> 0, d.balanceMicros.high >>> 0).toNumber();
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from an OrgEntry message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {svc.gateway.v1.OrgEntry} m OrgEntry
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                OrgEntry.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.id = "";
                        d.name = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.balanceMicros = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.balanceMicros = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        d.id = m.id;
                    }
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name")) {
                        d.name = m.name;
                    }
                    if (m.balanceMicros != null && $Object.hasOwnProperty.call(m, "balanceMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.balanceMicros = typeof m.balanceMicros === "number" ? $BigInt(m.balanceMicros) : $util.Long.fromBits(m.balanceMicros.low >>> 0, m.balanceMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.balanceMicros === "number")
                            d.balanceMicros = o.longs === $String ? $String(m.balanceMicros) : m.balanceMicros;
                        else
                            d.balanceMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.balanceMicros) : o.longs === $Number ? new $util.LongBits(m.balanceMicros.low >>> 0, m.balanceMicros.high >>> 0).toNumber() : m.balanceMicros;
                    }
                    return d;
                };

                /**
                 * Converts this OrgEntry to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.OrgEntry
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                OrgEntry.prototype.toJSON = function() {
                    return OrgEntry.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for OrgEntry
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.OrgEntry
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                OrgEntry.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.OrgEntry";
                };

                return OrgEntry;
            })();

            v1.SnapshotRequest = (function() {

                /**
                 * Properties of a SnapshotRequest.
                 * @typedef {Object} svc.gateway.v1.SnapshotRequest.$Properties
                 * @property {string|null} [replicaId] SnapshotRequest replicaId
                 * @property {string|null} [snapshotId] SnapshotRequest snapshotId
                 * @property {number|null} [part] SnapshotRequest part
                 * @property {boolean|null} [stream] SnapshotRequest stream
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a SnapshotRequest.
                 * @memberof svc.gateway.v1
                 * @interface ISnapshotRequest
                 * @augments svc.gateway.v1.SnapshotRequest.$Properties
                 * @deprecated Use svc.gateway.v1.SnapshotRequest.$Properties instead.
                 */

                /**
                 * Shape of a SnapshotRequest.
                 * @typedef {svc.gateway.v1.SnapshotRequest.$Properties} svc.gateway.v1.SnapshotRequest.$Shape
                 */

                /**
                 * Constructs a new SnapshotRequest.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a SnapshotRequest.
                 * @constructor
                 * @param {svc.gateway.v1.SnapshotRequest.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const SnapshotRequest = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * SnapshotRequest replicaId.
                 * @member {string} replicaId
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @instance
                 */
                SnapshotRequest.prototype.replicaId = "";

                /**
                 * SnapshotRequest snapshotId.
                 * @member {string} snapshotId
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @instance
                 */
                SnapshotRequest.prototype.snapshotId = "";

                /**
                 * SnapshotRequest part.
                 * @member {number} part
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @instance
                 */
                SnapshotRequest.prototype.part = 0;

                /**
                 * SnapshotRequest stream.
                 * @member {boolean} stream
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @instance
                 */
                SnapshotRequest.prototype.stream = false;

                /**
                 * Creates a new SnapshotRequest instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {svc.gateway.v1.SnapshotRequest.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.SnapshotRequest} SnapshotRequest instance
                 * @type {{
                 *   (properties: svc.gateway.v1.SnapshotRequest.$Shape): svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape;
                 *   (properties?: svc.gateway.v1.SnapshotRequest.$Properties): svc.gateway.v1.SnapshotRequest;
                 * }}
                 */
                SnapshotRequest.create = function(properties) {
                    return new SnapshotRequest(properties);
                };

                /**
                 * Encodes the specified SnapshotRequest message. Does not implicitly {@link svc.gateway.v1.SnapshotRequest.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {svc.gateway.v1.SnapshotRequest.$Properties} m SnapshotRequest message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotRequest.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId") && m.replicaId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.replicaId);
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId") && m.snapshotId !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.snapshotId);
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part") && m.part !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.part);
                    if (m.stream != null && $Object.hasOwnProperty.call(m, "stream") && m.stream !== false)
                        w.uint32(/* id 4, wireType 0 =*/32).bool(m.stream);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified SnapshotRequest message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotRequest.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {svc.gateway.v1.SnapshotRequest.$Properties} message SnapshotRequest message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotRequest.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a SnapshotRequest message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape} SnapshotRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotRequest.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.SnapshotRequest();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.replicaId = v;
                                else
                                    delete m.replicaId;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.snapshotId = v;
                                else
                                    delete m.snapshotId;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.part = v;
                                else
                                    delete m.part;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.stream = v;
                                else
                                    delete m.stream;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a SnapshotRequest message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape} SnapshotRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotRequest.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a SnapshotRequest message.
                 * @function verify
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                SnapshotRequest.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        if (!$util.isString(m.replicaId))
                            return "replicaId: string expected";
                    }
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId")) {
                        if (!$util.isString(m.snapshotId))
                            return "snapshotId: string expected";
                    }
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part")) {
                        if (!$util.isInteger(m.part))
                            return "part: integer expected";
                    }
                    if (m.stream != null && $Object.hasOwnProperty.call(m, "stream")) {
                        if (typeof m.stream !== "boolean")
                            return "stream: boolean expected";
                    }
                    return null;
                };

                /**
                 * Creates a SnapshotRequest message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.SnapshotRequest} SnapshotRequest
                 */
                SnapshotRequest.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.SnapshotRequest)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.SnapshotRequest: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.SnapshotRequest();
                    if (d.replicaId != null) {
                        if (typeof d.replicaId !== "string" || d.replicaId.length) {
                            m.replicaId = $String(d.replicaId);
                        }
                    }
                    if (d.snapshotId != null) {
                        if (typeof d.snapshotId !== "string" || d.snapshotId.length) {
                            m.snapshotId = $String(d.snapshotId);
                        }
                    }
                    if (d.part != null) {
                        if ($Number(d.part) !== 0) {
                            m.part = d.part >>> 0;
                        }
                    }
                    if (d.stream != null) {
                        if (d.stream) {
                            m.stream = $Boolean(d.stream);
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a SnapshotRequest message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {svc.gateway.v1.SnapshotRequest} m SnapshotRequest
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                SnapshotRequest.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.replicaId = "";
                        d.snapshotId = "";
                        d.part = 0;
                        d.stream = false;
                    }
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        d.replicaId = m.replicaId;
                    }
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId")) {
                        d.snapshotId = m.snapshotId;
                    }
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part")) {
                        d.part = m.part;
                    }
                    if (m.stream != null && $Object.hasOwnProperty.call(m, "stream")) {
                        d.stream = m.stream;
                    }
                    return d;
                };

                /**
                 * Converts this SnapshotRequest to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                SnapshotRequest.prototype.toJSON = function() {
                    return SnapshotRequest.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for SnapshotRequest
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.SnapshotRequest
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                SnapshotRequest.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.SnapshotRequest";
                };

                return SnapshotRequest;
            })();

            v1.SnapshotPart = (function() {

                /**
                 * Properties of a SnapshotPart.
                 * @typedef {Object} svc.gateway.v1.SnapshotPart.$Properties
                 * @property {string|null} [snapshotId] SnapshotPart snapshotId
                 * @property {number|null} [part] SnapshotPart part
                 * @property {number|null} [parts] SnapshotPart parts
                 * @property {Uint8Array|null} [data] SnapshotPart data
                 * @property {boolean|null} [more] SnapshotPart more
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a SnapshotPart.
                 * @memberof svc.gateway.v1
                 * @interface ISnapshotPart
                 * @augments svc.gateway.v1.SnapshotPart.$Properties
                 * @deprecated Use svc.gateway.v1.SnapshotPart.$Properties instead.
                 */

                /**
                 * Shape of a SnapshotPart.
                 * @typedef {svc.gateway.v1.SnapshotPart.$Properties} svc.gateway.v1.SnapshotPart.$Shape
                 */

                /**
                 * Constructs a new SnapshotPart.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a SnapshotPart.
                 * @constructor
                 * @param {svc.gateway.v1.SnapshotPart.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const SnapshotPart = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * SnapshotPart snapshotId.
                 * @member {string} snapshotId
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 */
                SnapshotPart.prototype.snapshotId = "";

                /**
                 * SnapshotPart part.
                 * @member {number} part
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 */
                SnapshotPart.prototype.part = 0;

                /**
                 * SnapshotPart parts.
                 * @member {number} parts
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 */
                SnapshotPart.prototype.parts = 0;

                /**
                 * SnapshotPart data.
                 * @member {Uint8Array} data
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 */
                SnapshotPart.prototype.data = $util.newBuffer([]);

                /**
                 * SnapshotPart more.
                 * @member {boolean} more
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 */
                SnapshotPart.prototype.more = false;

                /**
                 * Creates a new SnapshotPart instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {svc.gateway.v1.SnapshotPart.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.SnapshotPart} SnapshotPart instance
                 * @type {{
                 *   (properties: svc.gateway.v1.SnapshotPart.$Shape): svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape;
                 *   (properties?: svc.gateway.v1.SnapshotPart.$Properties): svc.gateway.v1.SnapshotPart;
                 * }}
                 */
                SnapshotPart.create = function(properties) {
                    return new SnapshotPart(properties);
                };

                /**
                 * Encodes the specified SnapshotPart message. Does not implicitly {@link svc.gateway.v1.SnapshotPart.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {svc.gateway.v1.SnapshotPart.$Properties} m SnapshotPart message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotPart.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId") && m.snapshotId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.snapshotId);
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part") && m.part !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.part);
                    if (m.parts != null && $Object.hasOwnProperty.call(m, "parts") && m.parts !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.parts);
                    if (m.data != null && $Object.hasOwnProperty.call(m, "data") && m.data.length)
                        w.uint32(/* id 4, wireType 2 =*/34).bytes(m.data);
                    if (m.more != null && $Object.hasOwnProperty.call(m, "more") && m.more !== false)
                        w.uint32(/* id 5, wireType 0 =*/40).bool(m.more);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified SnapshotPart message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotPart.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {svc.gateway.v1.SnapshotPart.$Properties} message SnapshotPart message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotPart.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a SnapshotPart message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape} SnapshotPart
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotPart.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.SnapshotPart();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.snapshotId = v;
                                else
                                    delete m.snapshotId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.part = v;
                                else
                                    delete m.part;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.parts = v;
                                else
                                    delete m.parts;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.data = v;
                                else
                                    delete m.data;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.more = v;
                                else
                                    delete m.more;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a SnapshotPart message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape} SnapshotPart
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotPart.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a SnapshotPart message.
                 * @function verify
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                SnapshotPart.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId")) {
                        if (!$util.isString(m.snapshotId))
                            return "snapshotId: string expected";
                    }
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part")) {
                        if (!$util.isInteger(m.part))
                            return "part: integer expected";
                    }
                    if (m.parts != null && $Object.hasOwnProperty.call(m, "parts")) {
                        if (!$util.isInteger(m.parts))
                            return "parts: integer expected";
                    }
                    if (m.data != null && $Object.hasOwnProperty.call(m, "data")) {
                        if (!(m.data && typeof m.data.length === "number" || $util.isString(m.data)))
                            return "data: buffer expected";
                    }
                    if (m.more != null && $Object.hasOwnProperty.call(m, "more")) {
                        if (typeof m.more !== "boolean")
                            return "more: boolean expected";
                    }
                    return null;
                };

                /**
                 * Creates a SnapshotPart message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.SnapshotPart} SnapshotPart
                 */
                SnapshotPart.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.SnapshotPart)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.SnapshotPart: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.SnapshotPart();
                    if (d.snapshotId != null) {
                        if (typeof d.snapshotId !== "string" || d.snapshotId.length) {
                            m.snapshotId = $String(d.snapshotId);
                        }
                    }
                    if (d.part != null) {
                        if ($Number(d.part) !== 0) {
                            m.part = d.part >>> 0;
                        }
                    }
                    if (d.parts != null) {
                        if ($Number(d.parts) !== 0) {
                            m.parts = d.parts >>> 0;
                        }
                    }
                    if (d.data != null) {
                        if (d.data.length) {
                            if (typeof d.data === "string")
                                $util.base64.decode(d.data, m.data = $util.newBuffer($util.base64.length(d.data)), 0);
                            else if (d.data.length >= 0)
                                m.data = d.data;
                        }
                    }
                    if (d.more != null) {
                        if (d.more) {
                            m.more = $Boolean(d.more);
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a SnapshotPart message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {svc.gateway.v1.SnapshotPart} m SnapshotPart
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                SnapshotPart.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.snapshotId = "";
                        d.part = 0;
                        d.parts = 0;
                        if (o.bytes === $String)
                            d.data = "";
                        else {
                            d.data = [];
                            if (o.bytes !== $Array)
                                d.data = $util.newBuffer(d.data);
                        }
                        d.more = false;
                    }
                    if (m.snapshotId != null && $Object.hasOwnProperty.call(m, "snapshotId")) {
                        d.snapshotId = m.snapshotId;
                    }
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part")) {
                        d.part = m.part;
                    }
                    if (m.parts != null && $Object.hasOwnProperty.call(m, "parts")) {
                        d.parts = m.parts;
                    }
                    if (m.data != null && $Object.hasOwnProperty.call(m, "data")) {
                        d.data = o.bytes === $String ? $util.base64.encode(m.data, 0, m.data.length) : o.bytes === $Array ? $Array.prototype.slice.call(m.data) : m.data;
                    }
                    if (m.more != null && $Object.hasOwnProperty.call(m, "more")) {
                        d.more = m.more;
                    }
                    return d;
                };

                /**
                 * Converts this SnapshotPart to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                SnapshotPart.prototype.toJSON = function() {
                    return SnapshotPart.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for SnapshotPart
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.SnapshotPart
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                SnapshotPart.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.SnapshotPart";
                };

                return SnapshotPart;
            })();

            v1.Snapshot = (function() {

                /**
                 * Properties of a Snapshot.
                 * @typedef {Object} svc.gateway.v1.Snapshot.$Properties
                 * @property {string|null} [epoch] Snapshot epoch
                 * @property {number|null} [sequence] Snapshot sequence
                 * @property {Array.<svc.gateway.v1.OrgEntry.$Properties>|null} [orgs] Snapshot orgs
                 * @property {Array.<svc.gateway.v1.KeyEntry.$Properties>|null} [keys] Snapshot keys
                 * @property {Array.<string>|null} [appliedEventIds] Snapshot appliedEventIds
                 * @property {number|null} [generatedAtMs] Snapshot generatedAtMs
                 * @property {number|null} [replicaCount] Snapshot replicaCount
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Snapshot.
                 * @memberof svc.gateway.v1
                 * @interface ISnapshot
                 * @augments svc.gateway.v1.Snapshot.$Properties
                 * @deprecated Use svc.gateway.v1.Snapshot.$Properties instead.
                 */

                /**
                 * Shape of a Snapshot.
                 * @typedef {svc.gateway.v1.Snapshot.$Properties} svc.gateway.v1.Snapshot.$Shape
                 */

                /**
                 * Constructs a new Snapshot.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a Snapshot.
                 * @constructor
                 * @param {svc.gateway.v1.Snapshot.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Snapshot = function (p) {
                    this.orgs = [];
                    this.keys = [];
                    this.appliedEventIds = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Snapshot epoch.
                 * @member {string} epoch
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.epoch = "";

                /**
                 * Snapshot sequence.
                 * @member {number} sequence
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.sequence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Snapshot orgs.
                 * @member {Array.<svc.gateway.v1.OrgEntry.$Properties>} orgs
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.orgs = $util.emptyArray;

                /**
                 * Snapshot keys.
                 * @member {Array.<svc.gateway.v1.KeyEntry.$Properties>} keys
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.keys = $util.emptyArray;

                /**
                 * Snapshot appliedEventIds.
                 * @member {Array.<string>} appliedEventIds
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.appliedEventIds = $util.emptyArray;

                /**
                 * Snapshot generatedAtMs.
                 * @member {number} generatedAtMs
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.generatedAtMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Snapshot replicaCount.
                 * @member {number} replicaCount
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 */
                Snapshot.prototype.replicaCount = 0;

                /**
                 * Creates a new Snapshot instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {svc.gateway.v1.Snapshot.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.Snapshot} Snapshot instance
                 * @type {{
                 *   (properties: svc.gateway.v1.Snapshot.$Shape): svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape;
                 *   (properties?: svc.gateway.v1.Snapshot.$Properties): svc.gateway.v1.Snapshot;
                 * }}
                 */
                Snapshot.create = function(properties) {
                    return new Snapshot(properties);
                };

                /**
                 * Encodes the specified Snapshot message. Does not implicitly {@link svc.gateway.v1.Snapshot.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {svc.gateway.v1.Snapshot.$Properties} m Snapshot message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Snapshot.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch") && m.epoch !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.epoch);
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence") && (typeof m.sequence === "object" ? m.sequence.low || m.sequence.high : m.sequence !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.sequence);
                    if (m.orgs != null && m.orgs.length) {
                        for (var i = 0; i < m.orgs.length; ++i)
                            $root.svc.gateway.v1.OrgEntry.encode(m.orgs[i], w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    }
                    if (m.keys != null && m.keys.length) {
                        for (var i = 0; i < m.keys.length; ++i)
                            $root.svc.gateway.v1.KeyEntry.encode(m.keys[i], w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    }
                    if (m.appliedEventIds != null && m.appliedEventIds.length) {
                        for (var i = 0; i < m.appliedEventIds.length; ++i)
                            w.uint32(/* id 5, wireType 2 =*/42).string(m.appliedEventIds[i]);
                    }
                    if (m.generatedAtMs != null && $Object.hasOwnProperty.call(m, "generatedAtMs") && (typeof m.generatedAtMs === "object" ? m.generatedAtMs.low || m.generatedAtMs.high : m.generatedAtMs !== 0))
                        w.uint32(/* id 6, wireType 0 =*/48).int64(m.generatedAtMs);
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount") && m.replicaCount !== 0)
                        w.uint32(/* id 7, wireType 0 =*/56).uint32(m.replicaCount);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified Snapshot message, length delimited. Does not implicitly {@link svc.gateway.v1.Snapshot.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {svc.gateway.v1.Snapshot.$Properties} message Snapshot message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Snapshot.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a Snapshot message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape} Snapshot
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Snapshot.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.Snapshot();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.epoch = v;
                                else
                                    delete m.epoch;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sequence = v;
                                else
                                    delete m.sequence;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if (!(m.orgs && m.orgs.length))
                                    m.orgs = [];
                                m.orgs.push($root.svc.gateway.v1.OrgEntry.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if (!(m.keys && m.keys.length))
                                    m.keys = [];
                                m.keys.push($root.svc.gateway.v1.KeyEntry.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if (!(m.appliedEventIds && m.appliedEventIds.length))
                                    m.appliedEventIds = [];
                                m.appliedEventIds.push(r.stringVerify());
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.generatedAtMs = v;
                                else
                                    delete m.generatedAtMs;
                                continue;
                            }
                        case 7: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.replicaCount = v;
                                else
                                    delete m.replicaCount;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a Snapshot message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape} Snapshot
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Snapshot.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a Snapshot message.
                 * @function verify
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                Snapshot.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        if (!$util.isString(m.epoch))
                            return "epoch: string expected";
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (!$util.isInteger(m.sequence) && !(m.sequence && $util.isInteger(m.sequence.low) && $util.isInteger(m.sequence.high)))
                            return "sequence: integer|Long expected";
                    }
                    if (m.orgs != null && $Object.hasOwnProperty.call(m, "orgs")) {
                        if (!$Array.isArray(m.orgs))
                            return "orgs: array expected";
                        for (var i = 0; i < m.orgs.length; ++i) {
                            {
                                var e = $root.svc.gateway.v1.OrgEntry.verify(m.orgs[i], q + 1);
                                if (e)
                                    return "orgs." + e;
                            }
                        }
                    }
                    if (m.keys != null && $Object.hasOwnProperty.call(m, "keys")) {
                        if (!$Array.isArray(m.keys))
                            return "keys: array expected";
                        for (var i = 0; i < m.keys.length; ++i) {
                            {
                                var e = $root.svc.gateway.v1.KeyEntry.verify(m.keys[i], q + 1);
                                if (e)
                                    return "keys." + e;
                            }
                        }
                    }
                    if (m.appliedEventIds != null && $Object.hasOwnProperty.call(m, "appliedEventIds")) {
                        if (!$Array.isArray(m.appliedEventIds))
                            return "appliedEventIds: array expected";
                        for (var i = 0; i < m.appliedEventIds.length; ++i) {
                            if (!$util.isString(m.appliedEventIds[i]))
                                return "appliedEventIds: string[] expected";
                        }
                    }
                    if (m.generatedAtMs != null && $Object.hasOwnProperty.call(m, "generatedAtMs")) {
                        if (!$util.isInteger(m.generatedAtMs) && !(m.generatedAtMs && $util.isInteger(m.generatedAtMs.low) && $util.isInteger(m.generatedAtMs.high)))
                            return "generatedAtMs: integer|Long expected";
                    }
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount")) {
                        if (!$util.isInteger(m.replicaCount))
                            return "replicaCount: integer expected";
                    }
                    return null;
                };

                /**
                 * Creates a Snapshot message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.Snapshot} Snapshot
                 */
                Snapshot.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.Snapshot)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.Snapshot: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.Snapshot();
                    if (d.epoch != null) {
                        if (typeof d.epoch !== "string" || d.epoch.length) {
                            m.epoch = $String(d.epoch);
                        }
                    }
                    if (d.sequence != null) {
                        if (typeof d.sequence === "object" ? d.sequence.low || d.sequence.high : $Number(d.sequence) !== 0) {
                            if ($util.Long)
                                m.sequence = $util.Long.fromValue(d.sequence, true);
                            else if (typeof d.sequence === "string")
                                m.sequence = $parseInt(d.sequence, 10);
                            else if (typeof d.sequence === "number")
                                m.sequence = d.sequence;
                            else if (typeof d.sequence === "object")
                                m.sequence = new $util.LongBits(d.sequence.low >>> 0, d.sequence.high >>> 0).toNumber(true);
                        }
                    }
                    if (d.orgs) {
                        if (!$Array.isArray(d.orgs))
                            throw $TypeError(".svc.gateway.v1.Snapshot.orgs: array expected");
                        m.orgs = $Array(d.orgs.length);
                        for (var i = 0; i < d.orgs.length; ++i) {
                            if (!$util.isObject(d.orgs[i]))
                                throw $TypeError(".svc.gateway.v1.Snapshot.orgs: object expected");
                            m.orgs[i] = $root.svc.gateway.v1.OrgEntry.fromObject(d.orgs[i], q + 1);
                        }
                    }
                    if (d.keys) {
                        if (!$Array.isArray(d.keys))
                            throw $TypeError(".svc.gateway.v1.Snapshot.keys: array expected");
                        m.keys = $Array(d.keys.length);
                        for (var i = 0; i < d.keys.length; ++i) {
                            if (!$util.isObject(d.keys[i]))
                                throw $TypeError(".svc.gateway.v1.Snapshot.keys: object expected");
                            m.keys[i] = $root.svc.gateway.v1.KeyEntry.fromObject(d.keys[i], q + 1);
                        }
                    }
                    if (d.appliedEventIds) {
                        if (!$Array.isArray(d.appliedEventIds))
                            throw $TypeError(".svc.gateway.v1.Snapshot.appliedEventIds: array expected");
                        m.appliedEventIds = $Array(d.appliedEventIds.length);
                        for (var i = 0; i < d.appliedEventIds.length; ++i) {
                            m.appliedEventIds[i] = $String(d.appliedEventIds[i]);
                        }
                    }
                    if (d.generatedAtMs != null) {
                        if (typeof d.generatedAtMs === "object" ? d.generatedAtMs.low || d.generatedAtMs.high : $Number(d.generatedAtMs) !== 0) {
                            if ($util.Long)
                                m.generatedAtMs = $util.Long.fromValue(d.generatedAtMs, false);
                            else if (typeof d.generatedAtMs === "string")
                                m.generatedAtMs = $parseInt(d.generatedAtMs, 10);
                            else if (typeof d.generatedAtMs === "number")
                                m.generatedAtMs = d.generatedAtMs;
                            else if (typeof d.generatedAtMs === "object")
                                m.generatedAtMs = new $util.LongBits(d.generatedAtMs.low >>> 0, d.generatedAtMs.high >>> 0).toNumber();
                        }
                    }
                    if (d.replicaCount != null) {
                        if ($Number(d.replicaCount) !== 0) {
                            m.replicaCount = d.replicaCount >>> 0;
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a Snapshot message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {svc.gateway.v1.Snapshot} m Snapshot
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                Snapshot.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.arrays || o.defaults) {
                        d.orgs = [];
                        d.keys = [];
                        d.appliedEventIds = [];
                    }
                    if (o.defaults) {
                        d.epoch = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, true);
                            d.sequence = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.sequence = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.generatedAtMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.generatedAtMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        d.replicaCount = 0;
                    }
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        d.epoch = m.epoch;
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.sequence = typeof m.sequence === "number" ? $BigInt(m.sequence) : $util.Long.fromBits(m.sequence.low >>> 0, m.sequence.high >>> 0, true).toBigInt();
                        else if (typeof m.sequence === "number")
                            d.sequence = o.longs === $String ? $String(m.sequence) : m.sequence;
                        else
                            d.sequence = o.longs === $String ? $util.Long.prototype.toString.call(m.sequence) : o.longs === $Number ? new $util.LongBits(m.sequence.low >>> 0, m.sequence.high >>> 0).toNumber(true) : m.sequence;
                    }
                    if (m.orgs && m.orgs.length) {
                        d.orgs = $Array(m.orgs.length);
                        for (var j = 0; j < m.orgs.length; ++j) {
                            d.orgs[j] = $root.svc.gateway.v1.OrgEntry.toObject(m.orgs[j], o, q + 1);
                        }
                    }
                    if (m.keys && m.keys.length) {
                        d.keys = $Array(m.keys.length);
                        for (var j = 0; j < m.keys.length; ++j) {
                            d.keys[j] = $root.svc.gateway.v1.KeyEntry.toObject(m.keys[j], o, q + 1);
                        }
                    }
                    if (m.appliedEventIds && m.appliedEventIds.length) {
                        d.appliedEventIds = $Array(m.appliedEventIds.length);
                        for (var j = 0; j < m.appliedEventIds.length; ++j) {
                            d.appliedEventIds[j] = m.appliedEventIds[j];
                        }
                    }
                    if (m.generatedAtMs != null && $Object.hasOwnProperty.call(m, "generatedAtMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.generatedAtMs = typeof m.generatedAtMs === "number" ? $BigInt(m.generatedAtMs) : $util.Long.fromBits(m.generatedAtMs.low >>> 0, m.generatedAtMs.high >>> 0, false).toBigInt();
                        else if (typeof m.generatedAtMs === "number")
                            d.generatedAtMs = o.longs === $String ? $String(m.generatedAtMs) : m.generatedAtMs;
                        else
                            d.generatedAtMs = o.longs === $String ? $util.Long.prototype.toString.call(m.generatedAtMs) : o.longs === $Number ? new $util.LongBits(m.generatedAtMs.low >>> 0, m.generatedAtMs.high >>> 0).toNumber() : m.generatedAtMs;
                    }
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount")) {
                        d.replicaCount = m.replicaCount;
                    }
                    return d;
                };

                /**
                 * Converts this Snapshot to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.Snapshot
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                Snapshot.prototype.toJSON = function() {
                    return Snapshot.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for Snapshot
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.Snapshot
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Snapshot.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.Snapshot";
                };

                return Snapshot;
            })();

            v1.SnapshotDelta = (function() {

                /**
                 * Properties of a SnapshotDelta.
                 * @typedef {Object} svc.gateway.v1.SnapshotDelta.$Properties
                 * @property {string|null} [epoch] SnapshotDelta epoch
                 * @property {number|null} [sequence] SnapshotDelta sequence
                 * @property {Array.<svc.gateway.v1.OrgEntry.$Properties>|null} [orgs] SnapshotDelta orgs
                 * @property {Array.<svc.gateway.v1.KeyEntry.$Properties>|null} [keys] SnapshotDelta keys
                 * @property {Array.<string>|null} [appliedEventIds] SnapshotDelta appliedEventIds
                 * @property {number|null} [replicaCount] SnapshotDelta replicaCount
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a SnapshotDelta.
                 * @memberof svc.gateway.v1
                 * @interface ISnapshotDelta
                 * @augments svc.gateway.v1.SnapshotDelta.$Properties
                 * @deprecated Use svc.gateway.v1.SnapshotDelta.$Properties instead.
                 */

                /**
                 * Shape of a SnapshotDelta.
                 * @typedef {svc.gateway.v1.SnapshotDelta.$Properties} svc.gateway.v1.SnapshotDelta.$Shape
                 */

                /**
                 * Constructs a new SnapshotDelta.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a SnapshotDelta.
                 * @constructor
                 * @param {svc.gateway.v1.SnapshotDelta.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const SnapshotDelta = function (p) {
                    this.orgs = [];
                    this.keys = [];
                    this.appliedEventIds = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * SnapshotDelta epoch.
                 * @member {string} epoch
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.epoch = "";

                /**
                 * SnapshotDelta sequence.
                 * @member {number} sequence
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.sequence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * SnapshotDelta orgs.
                 * @member {Array.<svc.gateway.v1.OrgEntry.$Properties>} orgs
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.orgs = $util.emptyArray;

                /**
                 * SnapshotDelta keys.
                 * @member {Array.<svc.gateway.v1.KeyEntry.$Properties>} keys
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.keys = $util.emptyArray;

                /**
                 * SnapshotDelta appliedEventIds.
                 * @member {Array.<string>} appliedEventIds
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.appliedEventIds = $util.emptyArray;

                /**
                 * SnapshotDelta replicaCount.
                 * @member {number} replicaCount
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 */
                SnapshotDelta.prototype.replicaCount = 0;

                /**
                 * Creates a new SnapshotDelta instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {svc.gateway.v1.SnapshotDelta.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.SnapshotDelta} SnapshotDelta instance
                 * @type {{
                 *   (properties: svc.gateway.v1.SnapshotDelta.$Shape): svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape;
                 *   (properties?: svc.gateway.v1.SnapshotDelta.$Properties): svc.gateway.v1.SnapshotDelta;
                 * }}
                 */
                SnapshotDelta.create = function(properties) {
                    return new SnapshotDelta(properties);
                };

                /**
                 * Encodes the specified SnapshotDelta message. Does not implicitly {@link svc.gateway.v1.SnapshotDelta.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {svc.gateway.v1.SnapshotDelta.$Properties} m SnapshotDelta message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotDelta.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch") && m.epoch !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.epoch);
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence") && (typeof m.sequence === "object" ? m.sequence.low || m.sequence.high : m.sequence !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.sequence);
                    if (m.orgs != null && m.orgs.length) {
                        for (var i = 0; i < m.orgs.length; ++i)
                            $root.svc.gateway.v1.OrgEntry.encode(m.orgs[i], w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    }
                    if (m.keys != null && m.keys.length) {
                        for (var i = 0; i < m.keys.length; ++i)
                            $root.svc.gateway.v1.KeyEntry.encode(m.keys[i], w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    }
                    if (m.appliedEventIds != null && m.appliedEventIds.length) {
                        for (var i = 0; i < m.appliedEventIds.length; ++i)
                            w.uint32(/* id 5, wireType 2 =*/42).string(m.appliedEventIds[i]);
                    }
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount") && m.replicaCount !== 0)
                        w.uint32(/* id 6, wireType 0 =*/48).uint32(m.replicaCount);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified SnapshotDelta message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotDelta.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {svc.gateway.v1.SnapshotDelta.$Properties} message SnapshotDelta message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SnapshotDelta.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a SnapshotDelta message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape} SnapshotDelta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotDelta.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.SnapshotDelta();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.epoch = v;
                                else
                                    delete m.epoch;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sequence = v;
                                else
                                    delete m.sequence;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if (!(m.orgs && m.orgs.length))
                                    m.orgs = [];
                                m.orgs.push($root.svc.gateway.v1.OrgEntry.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if (!(m.keys && m.keys.length))
                                    m.keys = [];
                                m.keys.push($root.svc.gateway.v1.KeyEntry.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if (!(m.appliedEventIds && m.appliedEventIds.length))
                                    m.appliedEventIds = [];
                                m.appliedEventIds.push(r.stringVerify());
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.replicaCount = v;
                                else
                                    delete m.replicaCount;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a SnapshotDelta message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape} SnapshotDelta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SnapshotDelta.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a SnapshotDelta message.
                 * @function verify
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                SnapshotDelta.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        if (!$util.isString(m.epoch))
                            return "epoch: string expected";
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (!$util.isInteger(m.sequence) && !(m.sequence && $util.isInteger(m.sequence.low) && $util.isInteger(m.sequence.high)))
                            return "sequence: integer|Long expected";
                    }
                    if (m.orgs != null && $Object.hasOwnProperty.call(m, "orgs")) {
                        if (!$Array.isArray(m.orgs))
                            return "orgs: array expected";
                        for (var i = 0; i < m.orgs.length; ++i) {
                            {
                                var e = $root.svc.gateway.v1.OrgEntry.verify(m.orgs[i], q + 1);
                                if (e)
                                    return "orgs." + e;
                            }
                        }
                    }
                    if (m.keys != null && $Object.hasOwnProperty.call(m, "keys")) {
                        if (!$Array.isArray(m.keys))
                            return "keys: array expected";
                        for (var i = 0; i < m.keys.length; ++i) {
                            {
                                var e = $root.svc.gateway.v1.KeyEntry.verify(m.keys[i], q + 1);
                                if (e)
                                    return "keys." + e;
                            }
                        }
                    }
                    if (m.appliedEventIds != null && $Object.hasOwnProperty.call(m, "appliedEventIds")) {
                        if (!$Array.isArray(m.appliedEventIds))
                            return "appliedEventIds: array expected";
                        for (var i = 0; i < m.appliedEventIds.length; ++i) {
                            if (!$util.isString(m.appliedEventIds[i]))
                                return "appliedEventIds: string[] expected";
                        }
                    }
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount")) {
                        if (!$util.isInteger(m.replicaCount))
                            return "replicaCount: integer expected";
                    }
                    return null;
                };

                /**
                 * Creates a SnapshotDelta message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.SnapshotDelta} SnapshotDelta
                 */
                SnapshotDelta.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.SnapshotDelta)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.SnapshotDelta: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.SnapshotDelta();
                    if (d.epoch != null) {
                        if (typeof d.epoch !== "string" || d.epoch.length) {
                            m.epoch = $String(d.epoch);
                        }
                    }
                    if (d.sequence != null) {
                        if (typeof d.sequence === "object" ? d.sequence.low || d.sequence.high : $Number(d.sequence) !== 0) {
                            if ($util.Long)
                                m.sequence = $util.Long.fromValue(d.sequence, true);
                            else if (typeof d.sequence === "string")
                                m.sequence = $parseInt(d.sequence, 10);
                            else if (typeof d.sequence === "number")
                                m.sequence = d.sequence;
                            else if (typeof d.sequence === "object")
                                m.sequence = new $util.LongBits(d.sequence.low >>> 0, d.sequence.high >>> 0).toNumber(true);
                        }
                    }
                    if (d.orgs) {
                        if (!$Array.isArray(d.orgs))
                            throw $TypeError(".svc.gateway.v1.SnapshotDelta.orgs: array expected");
                        m.orgs = $Array(d.orgs.length);
                        for (var i = 0; i < d.orgs.length; ++i) {
                            if (!$util.isObject(d.orgs[i]))
                                throw $TypeError(".svc.gateway.v1.SnapshotDelta.orgs: object expected");
                            m.orgs[i] = $root.svc.gateway.v1.OrgEntry.fromObject(d.orgs[i], q + 1);
                        }
                    }
                    if (d.keys) {
                        if (!$Array.isArray(d.keys))
                            throw $TypeError(".svc.gateway.v1.SnapshotDelta.keys: array expected");
                        m.keys = $Array(d.keys.length);
                        for (var i = 0; i < d.keys.length; ++i) {
                            if (!$util.isObject(d.keys[i]))
                                throw $TypeError(".svc.gateway.v1.SnapshotDelta.keys: object expected");
                            m.keys[i] = $root.svc.gateway.v1.KeyEntry.fromObject(d.keys[i], q + 1);
                        }
                    }
                    if (d.appliedEventIds) {
                        if (!$Array.isArray(d.appliedEventIds))
                            throw $TypeError(".svc.gateway.v1.SnapshotDelta.appliedEventIds: array expected");
                        m.appliedEventIds = $Array(d.appliedEventIds.length);
                        for (var i = 0; i < d.appliedEventIds.length; ++i) {
                            m.appliedEventIds[i] = $String(d.appliedEventIds[i]);
                        }
                    }
                    if (d.replicaCount != null) {
                        if ($Number(d.replicaCount) !== 0) {
                            m.replicaCount = d.replicaCount >>> 0;
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a SnapshotDelta message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {svc.gateway.v1.SnapshotDelta} m SnapshotDelta
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                SnapshotDelta.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.arrays || o.defaults) {
                        d.orgs = [];
                        d.keys = [];
                        d.appliedEventIds = [];
                    }
                    if (o.defaults) {
                        d.epoch = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, true);
                            d.sequence = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.sequence = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        d.replicaCount = 0;
                    }
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        d.epoch = m.epoch;
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.sequence = typeof m.sequence === "number" ? $BigInt(m.sequence) : $util.Long.fromBits(m.sequence.low >>> 0, m.sequence.high >>> 0, true).toBigInt();
                        else if (typeof m.sequence === "number")
                            d.sequence = o.longs === $String ? $String(m.sequence) : m.sequence;
                        else
                            d.sequence = o.longs === $String ? $util.Long.prototype.toString.call(m.sequence) : o.longs === $Number ? new $util.LongBits(m.sequence.low >>> 0, m.sequence.high >>> 0).toNumber(true) : m.sequence;
                    }
                    if (m.orgs && m.orgs.length) {
                        d.orgs = $Array(m.orgs.length);
                        for (var j = 0; j < m.orgs.length; ++j) {
                            d.orgs[j] = $root.svc.gateway.v1.OrgEntry.toObject(m.orgs[j], o, q + 1);
                        }
                    }
                    if (m.keys && m.keys.length) {
                        d.keys = $Array(m.keys.length);
                        for (var j = 0; j < m.keys.length; ++j) {
                            d.keys[j] = $root.svc.gateway.v1.KeyEntry.toObject(m.keys[j], o, q + 1);
                        }
                    }
                    if (m.appliedEventIds && m.appliedEventIds.length) {
                        d.appliedEventIds = $Array(m.appliedEventIds.length);
                        for (var j = 0; j < m.appliedEventIds.length; ++j) {
                            d.appliedEventIds[j] = m.appliedEventIds[j];
                        }
                    }
                    if (m.replicaCount != null && $Object.hasOwnProperty.call(m, "replicaCount")) {
                        d.replicaCount = m.replicaCount;
                    }
                    return d;
                };

                /**
                 * Converts this SnapshotDelta to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                SnapshotDelta.prototype.toJSON = function() {
                    return SnapshotDelta.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for SnapshotDelta
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.SnapshotDelta
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                SnapshotDelta.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.SnapshotDelta";
                };

                return SnapshotDelta;
            })();

            v1.ReplicaHeartbeat = (function() {

                /**
                 * Properties of a ReplicaHeartbeat.
                 * @typedef {Object} svc.gateway.v1.ReplicaHeartbeat.$Properties
                 * @property {string|null} [replicaId] ReplicaHeartbeat replicaId
                 * @property {number|null} [atMs] ReplicaHeartbeat atMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ReplicaHeartbeat.
                 * @memberof svc.gateway.v1
                 * @interface IReplicaHeartbeat
                 * @augments svc.gateway.v1.ReplicaHeartbeat.$Properties
                 * @deprecated Use svc.gateway.v1.ReplicaHeartbeat.$Properties instead.
                 */

                /**
                 * Shape of a ReplicaHeartbeat.
                 * @typedef {svc.gateway.v1.ReplicaHeartbeat.$Properties} svc.gateway.v1.ReplicaHeartbeat.$Shape
                 */

                /**
                 * Constructs a new ReplicaHeartbeat.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a ReplicaHeartbeat.
                 * @constructor
                 * @param {svc.gateway.v1.ReplicaHeartbeat.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ReplicaHeartbeat = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ReplicaHeartbeat replicaId.
                 * @member {string} replicaId
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @instance
                 */
                ReplicaHeartbeat.prototype.replicaId = "";

                /**
                 * ReplicaHeartbeat atMs.
                 * @member {number} atMs
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @instance
                 */
                ReplicaHeartbeat.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Creates a new ReplicaHeartbeat instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {svc.gateway.v1.ReplicaHeartbeat.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.ReplicaHeartbeat} ReplicaHeartbeat instance
                 * @type {{
                 *   (properties: svc.gateway.v1.ReplicaHeartbeat.$Shape): svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape;
                 *   (properties?: svc.gateway.v1.ReplicaHeartbeat.$Properties): svc.gateway.v1.ReplicaHeartbeat;
                 * }}
                 */
                ReplicaHeartbeat.create = function(properties) {
                    return new ReplicaHeartbeat(properties);
                };

                /**
                 * Encodes the specified ReplicaHeartbeat message. Does not implicitly {@link svc.gateway.v1.ReplicaHeartbeat.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {svc.gateway.v1.ReplicaHeartbeat.$Properties} m ReplicaHeartbeat message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ReplicaHeartbeat.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId") && m.replicaId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.replicaId);
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs") && (typeof m.atMs === "object" ? m.atMs.low || m.atMs.high : m.atMs !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).int64(m.atMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified ReplicaHeartbeat message, length delimited. Does not implicitly {@link svc.gateway.v1.ReplicaHeartbeat.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {svc.gateway.v1.ReplicaHeartbeat.$Properties} message ReplicaHeartbeat message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ReplicaHeartbeat.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a ReplicaHeartbeat message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape} ReplicaHeartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ReplicaHeartbeat.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.ReplicaHeartbeat();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.replicaId = v;
                                else
                                    delete m.replicaId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.atMs = v;
                                else
                                    delete m.atMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a ReplicaHeartbeat message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape} ReplicaHeartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ReplicaHeartbeat.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a ReplicaHeartbeat message.
                 * @function verify
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                ReplicaHeartbeat.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        if (!$util.isString(m.replicaId))
                            return "replicaId: string expected";
                    }
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs")) {
                        if (!$util.isInteger(m.atMs) && !(m.atMs && $util.isInteger(m.atMs.low) && $util.isInteger(m.atMs.high)))
                            return "atMs: integer|Long expected";
                    }
                    return null;
                };

                /**
                 * Creates a ReplicaHeartbeat message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.ReplicaHeartbeat} ReplicaHeartbeat
                 */
                ReplicaHeartbeat.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.ReplicaHeartbeat)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.ReplicaHeartbeat: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.ReplicaHeartbeat();
                    if (d.replicaId != null) {
                        if (typeof d.replicaId !== "string" || d.replicaId.length) {
                            m.replicaId = $String(d.replicaId);
                        }
                    }
                    if (d.atMs != null) {
                        if (typeof d.atMs === "object" ? d.atMs.low || d.atMs.high : $Number(d.atMs) !== 0) {
                            if ($util.Long)
                                m.atMs = $util.Long.fromValue(d.atMs, false);
                            else if (typeof d.atMs === "string")
                                m.atMs = $parseInt(d.atMs, 10);
                            else if (typeof d.atMs === "number")
                                m.atMs = d.atMs;
                            else if (typeof d.atMs === "object")
                                m.atMs = new $util.LongBits(d.atMs.low >>> 0, d.atMs.high >>> 0).toNumber();
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a ReplicaHeartbeat message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {svc.gateway.v1.ReplicaHeartbeat} m ReplicaHeartbeat
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                ReplicaHeartbeat.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.replicaId = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.atMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.atMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        d.replicaId = m.replicaId;
                    }
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.atMs = typeof m.atMs === "number" ? $BigInt(m.atMs) : $util.Long.fromBits(m.atMs.low >>> 0, m.atMs.high >>> 0, false).toBigInt();
                        else if (typeof m.atMs === "number")
                            d.atMs = o.longs === $String ? $String(m.atMs) : m.atMs;
                        else
                            d.atMs = o.longs === $String ? $util.Long.prototype.toString.call(m.atMs) : o.longs === $Number ? new $util.LongBits(m.atMs.low >>> 0, m.atMs.high >>> 0).toNumber() : m.atMs;
                    }
                    return d;
                };

                /**
                 * Converts this ReplicaHeartbeat to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                ReplicaHeartbeat.prototype.toJSON = function() {
                    return ReplicaHeartbeat.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for ReplicaHeartbeat
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.ReplicaHeartbeat
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ReplicaHeartbeat.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.ReplicaHeartbeat";
                };

                return ReplicaHeartbeat;
            })();

            v1.Heartbeat = (function() {

                /**
                 * Properties of a Heartbeat.
                 * @typedef {Object} svc.gateway.v1.Heartbeat.$Properties
                 * @property {string|null} [epoch] Heartbeat epoch
                 * @property {number|null} [sequence] Heartbeat sequence
                 * @property {number|null} [atMs] Heartbeat atMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Heartbeat.
                 * @memberof svc.gateway.v1
                 * @interface IHeartbeat
                 * @augments svc.gateway.v1.Heartbeat.$Properties
                 * @deprecated Use svc.gateway.v1.Heartbeat.$Properties instead.
                 */

                /**
                 * Shape of a Heartbeat.
                 * @typedef {svc.gateway.v1.Heartbeat.$Properties} svc.gateway.v1.Heartbeat.$Shape
                 */

                /**
                 * Constructs a new Heartbeat.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a Heartbeat.
                 * @constructor
                 * @param {svc.gateway.v1.Heartbeat.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Heartbeat = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Heartbeat epoch.
                 * @member {string} epoch
                 * @memberof svc.gateway.v1.Heartbeat
                 * @instance
                 */
                Heartbeat.prototype.epoch = "";

                /**
                 * Heartbeat sequence.
                 * @member {number} sequence
                 * @memberof svc.gateway.v1.Heartbeat
                 * @instance
                 */
                Heartbeat.prototype.sequence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Heartbeat atMs.
                 * @member {number} atMs
                 * @memberof svc.gateway.v1.Heartbeat
                 * @instance
                 */
                Heartbeat.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Creates a new Heartbeat instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {svc.gateway.v1.Heartbeat.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.Heartbeat} Heartbeat instance
                 * @type {{
                 *   (properties: svc.gateway.v1.Heartbeat.$Shape): svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape;
                 *   (properties?: svc.gateway.v1.Heartbeat.$Properties): svc.gateway.v1.Heartbeat;
                 * }}
                 */
                Heartbeat.create = function(properties) {
                    return new Heartbeat(properties);
                };

                /**
                 * Encodes the specified Heartbeat message. Does not implicitly {@link svc.gateway.v1.Heartbeat.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {svc.gateway.v1.Heartbeat.$Properties} m Heartbeat message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Heartbeat.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch") && m.epoch !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.epoch);
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence") && (typeof m.sequence === "object" ? m.sequence.low || m.sequence.high : m.sequence !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.sequence);
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs") && (typeof m.atMs === "object" ? m.atMs.low || m.atMs.high : m.atMs !== 0))
                        w.uint32(/* id 3, wireType 0 =*/24).int64(m.atMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified Heartbeat message, length delimited. Does not implicitly {@link svc.gateway.v1.Heartbeat.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {svc.gateway.v1.Heartbeat.$Properties} message Heartbeat message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Heartbeat.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a Heartbeat message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape} Heartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Heartbeat.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.Heartbeat();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.epoch = v;
                                else
                                    delete m.epoch;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sequence = v;
                                else
                                    delete m.sequence;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.atMs = v;
                                else
                                    delete m.atMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a Heartbeat message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape} Heartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Heartbeat.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a Heartbeat message.
                 * @function verify
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                Heartbeat.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        if (!$util.isString(m.epoch))
                            return "epoch: string expected";
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (!$util.isInteger(m.sequence) && !(m.sequence && $util.isInteger(m.sequence.low) && $util.isInteger(m.sequence.high)))
                            return "sequence: integer|Long expected";
                    }
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs")) {
                        if (!$util.isInteger(m.atMs) && !(m.atMs && $util.isInteger(m.atMs.low) && $util.isInteger(m.atMs.high)))
                            return "atMs: integer|Long expected";
                    }
                    return null;
                };

                /**
                 * Creates a Heartbeat message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.Heartbeat} Heartbeat
                 */
                Heartbeat.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.Heartbeat)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.Heartbeat: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.Heartbeat();
                    if (d.epoch != null) {
                        if (typeof d.epoch !== "string" || d.epoch.length) {
                            m.epoch = $String(d.epoch);
                        }
                    }
                    if (d.sequence != null) {
                        if (typeof d.sequence === "object" ? d.sequence.low || d.sequence.high : $Number(d.sequence) !== 0) {
                            if ($util.Long)
                                m.sequence = $util.Long.fromValue(d.sequence, true);
                            else if (typeof d.sequence === "string")
                                m.sequence = $parseInt(d.sequence, 10);
                            else if (typeof d.sequence === "number")
                                m.sequence = d.sequence;
                            else if (typeof d.sequence === "object")
                                m.sequence = new $util.LongBits(d.sequence.low >>> 0, d.sequence.high >>> 0).toNumber(true);
                        }
                    }
                    if (d.atMs != null) {
                        if (typeof d.atMs === "object" ? d.atMs.low || d.atMs.high : $Number(d.atMs) !== 0) {
                            if ($util.Long)
                                m.atMs = $util.Long.fromValue(d.atMs, false);
                            else if (typeof d.atMs === "string")
                                m.atMs = $parseInt(d.atMs, 10);
                            else if (typeof d.atMs === "number")
                                m.atMs = d.atMs;
                            else if (typeof d.atMs === "object")
                                m.atMs = new $util.LongBits(d.atMs.low >>> 0, d.atMs.high >>> 0).toNumber();
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a Heartbeat message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {svc.gateway.v1.Heartbeat} m Heartbeat
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                Heartbeat.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.epoch = "";
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, true);
                            d.sequence = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.sequence = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.atMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.atMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    }
                    if (m.epoch != null && $Object.hasOwnProperty.call(m, "epoch")) {
                        d.epoch = m.epoch;
                    }
                    if (m.sequence != null && $Object.hasOwnProperty.call(m, "sequence")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.sequence = typeof m.sequence === "number" ? $BigInt(m.sequence) : $util.Long.fromBits(m.sequence.low >>> 0, m.sequence.high >>> 0, true).toBigInt();
                        else if (typeof m.sequence === "number")
                            d.sequence = o.longs === $String ? $String(m.sequence) : m.sequence;
                        else
                            d.sequence = o.longs === $String ? $util.Long.prototype.toString.call(m.sequence) : o.longs === $Number ? new $util.LongBits(m.sequence.low >>> 0, m.sequence.high >>> 0).toNumber(true) : m.sequence;
                    }
                    if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.atMs = typeof m.atMs === "number" ? $BigInt(m.atMs) : $util.Long.fromBits(m.atMs.low >>> 0, m.atMs.high >>> 0, false).toBigInt();
                        else if (typeof m.atMs === "number")
                            d.atMs = o.longs === $String ? $String(m.atMs) : m.atMs;
                        else
                            d.atMs = o.longs === $String ? $util.Long.prototype.toString.call(m.atMs) : o.longs === $Number ? new $util.LongBits(m.atMs.low >>> 0, m.atMs.high >>> 0).toNumber() : m.atMs;
                    }
                    return d;
                };

                /**
                 * Converts this Heartbeat to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.Heartbeat
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                Heartbeat.prototype.toJSON = function() {
                    return Heartbeat.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for Heartbeat
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.Heartbeat
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Heartbeat.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.Heartbeat";
                };

                return Heartbeat;
            })();

            v1.UsageEvent = (function() {

                /**
                 * Properties of a UsageEvent.
                 * @typedef {Object} svc.gateway.v1.UsageEvent.$Properties
                 * @property {string|null} [id] UsageEvent id
                 * @property {string|null} [replicaId] UsageEvent replicaId
                 * @property {string|null} [requestId] UsageEvent requestId
                 * @property {string|null} [keyId] UsageEvent keyId
                 * @property {string|null} [orgId] UsageEvent orgId
                 * @property {string|null} [provider] UsageEvent provider
                 * @property {string|null} [model] UsageEvent model
                 * @property {string|null} [endpoint] UsageEvent endpoint
                 * @property {number|null} [status] UsageEvent status
                 * @property {boolean|null} [streamed] UsageEvent streamed
                 * @property {number|null} [inputTokens] UsageEvent inputTokens
                 * @property {number|null} [outputTokens] UsageEvent outputTokens
                 * @property {number|null} [cachedInputTokens] UsageEvent cachedInputTokens
                 * @property {number|null} [cacheWriteTokens] UsageEvent cacheWriteTokens
                 * @property {number|null} [reasoningTokens] UsageEvent reasoningTokens
                 * @property {number|null} [costMicros] UsageEvent costMicros
                 * @property {number|null} [latencyMs] UsageEvent latencyMs
                 * @property {number|null} [upstreamLatencyMs] UsageEvent upstreamLatencyMs
                 * @property {number|null} [createdAtMs] UsageEvent createdAtMs
                 * @property {string|null} [errorCode] UsageEvent errorCode
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a UsageEvent.
                 * @memberof svc.gateway.v1
                 * @interface IUsageEvent
                 * @augments svc.gateway.v1.UsageEvent.$Properties
                 * @deprecated Use svc.gateway.v1.UsageEvent.$Properties instead.
                 */

                /**
                 * Shape of a UsageEvent.
                 * @typedef {svc.gateway.v1.UsageEvent.$Properties} svc.gateway.v1.UsageEvent.$Shape
                 */

                /**
                 * Constructs a new UsageEvent.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a UsageEvent.
                 * @constructor
                 * @param {svc.gateway.v1.UsageEvent.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const UsageEvent = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * UsageEvent id.
                 * @member {string} id
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.id = "";

                /**
                 * UsageEvent replicaId.
                 * @member {string} replicaId
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.replicaId = "";

                /**
                 * UsageEvent requestId.
                 * @member {string} requestId
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.requestId = "";

                /**
                 * UsageEvent keyId.
                 * @member {string} keyId
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.keyId = "";

                /**
                 * UsageEvent orgId.
                 * @member {string} orgId
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.orgId = "";

                /**
                 * UsageEvent provider.
                 * @member {string} provider
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.provider = "";

                /**
                 * UsageEvent model.
                 * @member {string} model
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.model = "";

                /**
                 * UsageEvent endpoint.
                 * @member {string} endpoint
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.endpoint = "";

                /**
                 * UsageEvent status.
                 * @member {number} status
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.status = 0;

                /**
                 * UsageEvent streamed.
                 * @member {boolean} streamed
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.streamed = false;

                /**
                 * UsageEvent inputTokens.
                 * @member {number|null|undefined} inputTokens
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.inputTokens = null;

                /**
                 * UsageEvent outputTokens.
                 * @member {number|null|undefined} outputTokens
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.outputTokens = null;

                /**
                 * UsageEvent cachedInputTokens.
                 * @member {number|null|undefined} cachedInputTokens
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.cachedInputTokens = null;

                /**
                 * UsageEvent cacheWriteTokens.
                 * @member {number|null|undefined} cacheWriteTokens
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.cacheWriteTokens = null;

                /**
                 * UsageEvent reasoningTokens.
                 * @member {number|null|undefined} reasoningTokens
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.reasoningTokens = null;

                /**
                 * UsageEvent costMicros.
                 * @member {number} costMicros
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.costMicros = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * UsageEvent latencyMs.
                 * @member {number} latencyMs
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.latencyMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * UsageEvent upstreamLatencyMs.
                 * @member {number} upstreamLatencyMs
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.upstreamLatencyMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * UsageEvent createdAtMs.
                 * @member {number} createdAtMs
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.createdAtMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * UsageEvent errorCode.
                 * @member {string} errorCode
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 */
                UsageEvent.prototype.errorCode = "";

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UsageEvent.prototype, "_inputTokens", {
                    get: $util.oneOfGetter($oneOfFields = ["inputTokens"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UsageEvent.prototype, "_outputTokens", {
                    get: $util.oneOfGetter($oneOfFields = ["outputTokens"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UsageEvent.prototype, "_cachedInputTokens", {
                    get: $util.oneOfGetter($oneOfFields = ["cachedInputTokens"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UsageEvent.prototype, "_cacheWriteTokens", {
                    get: $util.oneOfGetter($oneOfFields = ["cacheWriteTokens"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(UsageEvent.prototype, "_reasoningTokens", {
                    get: $util.oneOfGetter($oneOfFields = ["reasoningTokens"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new UsageEvent instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {svc.gateway.v1.UsageEvent.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.UsageEvent} UsageEvent instance
                 * @type {{
                 *   (properties: svc.gateway.v1.UsageEvent.$Shape): svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape;
                 *   (properties?: svc.gateway.v1.UsageEvent.$Properties): svc.gateway.v1.UsageEvent;
                 * }}
                 */
                UsageEvent.create = function(properties) {
                    return new UsageEvent(properties);
                };

                /**
                 * Encodes the specified UsageEvent message. Does not implicitly {@link svc.gateway.v1.UsageEvent.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {svc.gateway.v1.UsageEvent.$Properties} m UsageEvent message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UsageEvent.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id") && m.id !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.id);
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId") && m.replicaId !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.replicaId);
                    if (m.requestId != null && $Object.hasOwnProperty.call(m, "requestId") && m.requestId !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.requestId);
                    if (m.keyId != null && $Object.hasOwnProperty.call(m, "keyId") && m.keyId !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.keyId);
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId") && m.orgId !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.orgId);
                    if (m.provider != null && $Object.hasOwnProperty.call(m, "provider") && m.provider !== "")
                        w.uint32(/* id 6, wireType 2 =*/50).string(m.provider);
                    if (m.model != null && $Object.hasOwnProperty.call(m, "model") && m.model !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.model);
                    if (m.endpoint != null && $Object.hasOwnProperty.call(m, "endpoint") && m.endpoint !== "")
                        w.uint32(/* id 8, wireType 2 =*/66).string(m.endpoint);
                    if (m.status != null && $Object.hasOwnProperty.call(m, "status") && m.status !== 0)
                        w.uint32(/* id 9, wireType 0 =*/72).int32(m.status);
                    if (m.streamed != null && $Object.hasOwnProperty.call(m, "streamed") && m.streamed !== false)
                        w.uint32(/* id 10, wireType 0 =*/80).bool(m.streamed);
                    if (m.inputTokens != null && $Object.hasOwnProperty.call(m, "inputTokens"))
                        w.uint32(/* id 11, wireType 0 =*/88).int64(m.inputTokens);
                    if (m.outputTokens != null && $Object.hasOwnProperty.call(m, "outputTokens"))
                        w.uint32(/* id 12, wireType 0 =*/96).int64(m.outputTokens);
                    if (m.cachedInputTokens != null && $Object.hasOwnProperty.call(m, "cachedInputTokens"))
                        w.uint32(/* id 13, wireType 0 =*/104).int64(m.cachedInputTokens);
                    if (m.cacheWriteTokens != null && $Object.hasOwnProperty.call(m, "cacheWriteTokens"))
                        w.uint32(/* id 14, wireType 0 =*/112).int64(m.cacheWriteTokens);
                    if (m.reasoningTokens != null && $Object.hasOwnProperty.call(m, "reasoningTokens"))
                        w.uint32(/* id 15, wireType 0 =*/120).int64(m.reasoningTokens);
                    if (m.costMicros != null && $Object.hasOwnProperty.call(m, "costMicros") && (typeof m.costMicros === "object" ? m.costMicros.low || m.costMicros.high : m.costMicros !== 0))
                        w.uint32(/* id 16, wireType 0 =*/128).int64(m.costMicros);
                    if (m.latencyMs != null && $Object.hasOwnProperty.call(m, "latencyMs") && (typeof m.latencyMs === "object" ? m.latencyMs.low || m.latencyMs.high : m.latencyMs !== 0))
                        w.uint32(/* id 17, wireType 0 =*/136).int64(m.latencyMs);
                    if (m.upstreamLatencyMs != null && $Object.hasOwnProperty.call(m, "upstreamLatencyMs") && (typeof m.upstreamLatencyMs === "object" ? m.upstreamLatencyMs.low || m.upstreamLatencyMs.high : m.upstreamLatencyMs !== 0))
                        w.uint32(/* id 18, wireType 0 =*/144).int64(m.upstreamLatencyMs);
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs") && (typeof m.createdAtMs === "object" ? m.createdAtMs.low || m.createdAtMs.high : m.createdAtMs !== 0))
                        w.uint32(/* id 19, wireType 0 =*/152).int64(m.createdAtMs);
                    if (m.errorCode != null && $Object.hasOwnProperty.call(m, "errorCode") && m.errorCode !== "")
                        w.uint32(/* id 20, wireType 2 =*/162).string(m.errorCode);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified UsageEvent message, length delimited. Does not implicitly {@link svc.gateway.v1.UsageEvent.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {svc.gateway.v1.UsageEvent.$Properties} message UsageEvent message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UsageEvent.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a UsageEvent message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape} UsageEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UsageEvent.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.UsageEvent();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.id = v;
                                else
                                    delete m.id;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.replicaId = v;
                                else
                                    delete m.replicaId;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.requestId = v;
                                else
                                    delete m.requestId;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.keyId = v;
                                else
                                    delete m.keyId;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.orgId = v;
                                else
                                    delete m.orgId;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.provider = v;
                                else
                                    delete m.provider;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.model = v;
                                else
                                    delete m.model;
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.endpoint = v;
                                else
                                    delete m.endpoint;
                                continue;
                            }
                        case 9: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.status = v;
                                else
                                    delete m.status;
                                continue;
                            }
                        case 10: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.streamed = v;
                                else
                                    delete m.streamed;
                                continue;
                            }
                        case 11: {
                                if (u !== 0)
                                    break;
                                m.inputTokens = r.int64();
                                m._inputTokens = "inputTokens";
                                continue;
                            }
                        case 12: {
                                if (u !== 0)
                                    break;
                                m.outputTokens = r.int64();
                                m._outputTokens = "outputTokens";
                                continue;
                            }
                        case 13: {
                                if (u !== 0)
                                    break;
                                m.cachedInputTokens = r.int64();
                                m._cachedInputTokens = "cachedInputTokens";
                                continue;
                            }
                        case 14: {
                                if (u !== 0)
                                    break;
                                m.cacheWriteTokens = r.int64();
                                m._cacheWriteTokens = "cacheWriteTokens";
                                continue;
                            }
                        case 15: {
                                if (u !== 0)
                                    break;
                                m.reasoningTokens = r.int64();
                                m._reasoningTokens = "reasoningTokens";
                                continue;
                            }
                        case 16: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.costMicros = v;
                                else
                                    delete m.costMicros;
                                continue;
                            }
                        case 17: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.latencyMs = v;
                                else
                                    delete m.latencyMs;
                                continue;
                            }
                        case 18: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.upstreamLatencyMs = v;
                                else
                                    delete m.upstreamLatencyMs;
                                continue;
                            }
                        case 19: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.createdAtMs = v;
                                else
                                    delete m.createdAtMs;
                                continue;
                            }
                        case 20: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.errorCode = v;
                                else
                                    delete m.errorCode;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a UsageEvent message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape} UsageEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UsageEvent.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a UsageEvent message.
                 * @function verify
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                UsageEvent.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    var p = {};
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        if (!$util.isString(m.id))
                            return "id: string expected";
                    }
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        if (!$util.isString(m.replicaId))
                            return "replicaId: string expected";
                    }
                    if (m.requestId != null && $Object.hasOwnProperty.call(m, "requestId")) {
                        if (!$util.isString(m.requestId))
                            return "requestId: string expected";
                    }
                    if (m.keyId != null && $Object.hasOwnProperty.call(m, "keyId")) {
                        if (!$util.isString(m.keyId))
                            return "keyId: string expected";
                    }
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId")) {
                        if (!$util.isString(m.orgId))
                            return "orgId: string expected";
                    }
                    if (m.provider != null && $Object.hasOwnProperty.call(m, "provider")) {
                        if (!$util.isString(m.provider))
                            return "provider: string expected";
                    }
                    if (m.model != null && $Object.hasOwnProperty.call(m, "model")) {
                        if (!$util.isString(m.model))
                            return "model: string expected";
                    }
                    if (m.endpoint != null && $Object.hasOwnProperty.call(m, "endpoint")) {
                        if (!$util.isString(m.endpoint))
                            return "endpoint: string expected";
                    }
                    if (m.status != null && $Object.hasOwnProperty.call(m, "status")) {
                        if (!$util.isInteger(m.status))
                            return "status: integer expected";
                    }
                    if (m.streamed != null && $Object.hasOwnProperty.call(m, "streamed")) {
                        if (typeof m.streamed !== "boolean")
                            return "streamed: boolean expected";
                    }
                    if (m.inputTokens != null && $Object.hasOwnProperty.call(m, "inputTokens")) {
                        p._inputTokens = 1;
                        if (!$util.isInteger(m.inputTokens) && !(m.inputTokens && $util.isInteger(m.inputTokens.low) && $util.isInteger(m.inputTokens.high)))
                            return "inputTokens: integer|Long expected";
                    }
                    if (m.outputTokens != null && $Object.hasOwnProperty.call(m, "outputTokens")) {
                        p._outputTokens = 1;
                        if (!$util.isInteger(m.outputTokens) && !(m.outputTokens && $util.isInteger(m.outputTokens.low) && $util.isInteger(m.outputTokens.high)))
                            return "outputTokens: integer|Long expected";
                    }
                    if (m.cachedInputTokens != null && $Object.hasOwnProperty.call(m, "cachedInputTokens")) {
                        p._cachedInputTokens = 1;
                        if (!$util.isInteger(m.cachedInputTokens) && !(m.cachedInputTokens && $util.isInteger(m.cachedInputTokens.low) && $util.isInteger(m.cachedInputTokens.high)))
                            return "cachedInputTokens: integer|Long expected";
                    }
                    if (m.cacheWriteTokens != null && $Object.hasOwnProperty.call(m, "cacheWriteTokens")) {
                        p._cacheWriteTokens = 1;
                        if (!$util.isInteger(m.cacheWriteTokens) && !(m.cacheWriteTokens && $util.isInteger(m.cacheWriteTokens.low) && $util.isInteger(m.cacheWriteTokens.high)))
                            return "cacheWriteTokens: integer|Long expected";
                    }
                    if (m.reasoningTokens != null && $Object.hasOwnProperty.call(m, "reasoningTokens")) {
                        p._reasoningTokens = 1;
                        if (!$util.isInteger(m.reasoningTokens) && !(m.reasoningTokens && $util.isInteger(m.reasoningTokens.low) && $util.isInteger(m.reasoningTokens.high)))
                            return "reasoningTokens: integer|Long expected";
                    }
                    if (m.costMicros != null && $Object.hasOwnProperty.call(m, "costMicros")) {
                        if (!$util.isInteger(m.costMicros) && !(m.costMicros && $util.isInteger(m.costMicros.low) && $util.isInteger(m.costMicros.high)))
                            return "costMicros: integer|Long expected";
                    }
                    if (m.latencyMs != null && $Object.hasOwnProperty.call(m, "latencyMs")) {
                        if (!$util.isInteger(m.latencyMs) && !(m.latencyMs && $util.isInteger(m.latencyMs.low) && $util.isInteger(m.latencyMs.high)))
                            return "latencyMs: integer|Long expected";
                    }
                    if (m.upstreamLatencyMs != null && $Object.hasOwnProperty.call(m, "upstreamLatencyMs")) {
                        if (!$util.isInteger(m.upstreamLatencyMs) && !(m.upstreamLatencyMs && $util.isInteger(m.upstreamLatencyMs.low) && $util.isInteger(m.upstreamLatencyMs.high)))
                            return "upstreamLatencyMs: integer|Long expected";
                    }
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs")) {
                        if (!$util.isInteger(m.createdAtMs) && !(m.createdAtMs && $util.isInteger(m.createdAtMs.low) && $util.isInteger(m.createdAtMs.high)))
                            return "createdAtMs: integer|Long expected";
                    }
                    if (m.errorCode != null && $Object.hasOwnProperty.call(m, "errorCode")) {
                        if (!$util.isString(m.errorCode))
                            return "errorCode: string expected";
                    }
                    return null;
                };

                /**
                 * Creates a UsageEvent message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.UsageEvent} UsageEvent
                 */
                UsageEvent.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.UsageEvent)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.UsageEvent: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.UsageEvent();
                    if (d.id != null) {
                        if (typeof d.id !== "string" || d.id.length) {
                            m.id = $String(d.id);
                        }
                    }
                    if (d.replicaId != null) {
                        if (typeof d.replicaId !== "string" || d.replicaId.length) {
                            m.replicaId = $String(d.replicaId);
                        }
                    }
                    if (d.requestId != null) {
                        if (typeof d.requestId !== "string" || d.requestId.length) {
                            m.requestId = $String(d.requestId);
                        }
                    }
                    if (d.keyId != null) {
                        if (typeof d.keyId !== "string" || d.keyId.length) {
                            m.keyId = $String(d.keyId);
                        }
                    }
                    if (d.orgId != null) {
                        if (typeof d.orgId !== "string" || d.orgId.length) {
                            m.orgId = $String(d.orgId);
                        }
                    }
                    if (d.provider != null) {
                        if (typeof d.provider !== "string" || d.provider.length) {
                            m.provider = $String(d.provider);
                        }
                    }
                    if (d.model != null) {
                        if (typeof d.model !== "string" || d.model.length) {
                            m.model = $String(d.model);
                        }
                    }
                    if (d.endpoint != null) {
                        if (typeof d.endpoint !== "string" || d.endpoint.length) {
                            m.endpoint = $String(d.endpoint);
                        }
                    }
                    if (d.status != null) {
                        if ($Number(d.status) !== 0) {
                            m.status = d.status | 0;
                        }
                    }
                    if (d.streamed != null) {
                        if (d.streamed) {
                            m.streamed = $Boolean(d.streamed);
                        }
                    }
                    if (d.inputTokens != null) {
                        if ($util.Long)
                            m.inputTokens = $util.Long.fromValue(d.inputTokens, false);
                        else if (typeof d.inputTokens === "string")
                            m.inputTokens = $parseInt(d.inputTokens, 10);
                        else if (typeof d.inputTokens === "number")
                            m.inputTokens = d.inputTokens;
                        else if (typeof d.inputTokens === "object")
                            m.inputTokens = new $util.LongBits(d.inputTokens.low >>> 0, d.inputTokens.high >>> 0).toNumber();
                    }
                    if (d.outputTokens != null) {
                        if ($util.Long)
                            m.outputTokens = $util.Long.fromValue(d.outputTokens, false);
                        else if (typeof d.outputTokens === "string")
                            m.outputTokens = $parseInt(d.outputTokens, 10);
                        else if (typeof d.outputTokens === "number")
                            m.outputTokens = d.outputTokens;
                        else if (typeof d.outputTokens === "object")
                            m.outputTokens = new $util.LongBits(d.outputTokens.low >>> 0, d.outputTokens.high >>> 0).toNumber();
                    }
                    if (d.cachedInputTokens != null) {
                        if ($util.Long)
                            m.cachedInputTokens = $util.Long.fromValue(d.cachedInputTokens, false);
                        else if (typeof d.cachedInputTokens === "string")
                            m.cachedInputTokens = $parseInt(d.cachedInputTokens, 10);
                        else if (typeof d.cachedInputTokens === "number")
                            m.cachedInputTokens = d.cachedInputTokens;
                        else if (typeof d.cachedInputTokens === "object")
                            m.cachedInputTokens = new $util.LongBits(d.cachedInputTokens.low >>> 0, d.cachedInputTokens.high >>> 0).toNumber();
                    }
                    if (d.cacheWriteTokens != null) {
                        if ($util.Long)
                            m.cacheWriteTokens = $util.Long.fromValue(d.cacheWriteTokens, false);
                        else if (typeof d.cacheWriteTokens === "string")
                            m.cacheWriteTokens = $parseInt(d.cacheWriteTokens, 10);
                        else if (typeof d.cacheWriteTokens === "number")
                            m.cacheWriteTokens = d.cacheWriteTokens;
                        else if (typeof d.cacheWriteTokens === "object")
                            m.cacheWriteTokens = new $util.LongBits(d.cacheWriteTokens.low >>> 0, d.cacheWriteTokens.high >>> 0).toNumber();
                    }
                    if (d.reasoningTokens != null) {
                        if ($util.Long)
                            m.reasoningTokens = $util.Long.fromValue(d.reasoningTokens, false);
                        else if (typeof d.reasoningTokens === "string")
                            m.reasoningTokens = $parseInt(d.reasoningTokens, 10);
                        else if (typeof d.reasoningTokens === "number")
                            m.reasoningTokens = d.reasoningTokens;
                        else if (typeof d.reasoningTokens === "object")
                            m.reasoningTokens = new $util.LongBits(d.reasoningTokens.low >>> 0, d.reasoningTokens.high >>> 0).toNumber();
                    }
                    if (d.costMicros != null) {
                        if (typeof d.costMicros === "object" ? d.costMicros.low || d.costMicros.high : $Number(d.costMicros) !== 0) {
                            if ($util.Long)
                                m.costMicros = $util.Long.fromValue(d.costMicros, false);
                            else if (typeof d.costMicros === "string")
                                m.costMicros = $parseInt(d.costMicros, 10);
                            else if (typeof d.costMicros === "number")
                                m.costMicros = d.costMicros;
                            else if (typeof d.costMicros === "object")
                                m.costMicros = new $util.LongBits(d.costMicros.low >>> 0, d.costMicros.high >>> 0).toNumber();
                        }
                    }
                    if (d.latencyMs != null) {
                        if (typeof d.latencyMs === "object" ? d.latencyMs.low || d.latencyMs.high : $Number(d.latencyMs) !== 0) {
                            if ($util.Long)
                                m.latencyMs = $util.Long.fromValue(d.latencyMs, false);
                            else if (typeof d.latencyMs === "string")
                                m.latencyMs = $parseInt(d.latencyMs, 10);
                            else if (typeof d.latencyMs === "number")
                                m.latencyMs = d.latencyMs;
                            else if (typeof d.latencyMs === "object")
                                m.latencyMs = new $util.LongBits(d.latencyMs.low >>> 0, d.latencyMs.high >>> 0).toNumber();
                        }
                    }
                    if (d.upstreamLatencyMs != null) {
                        if (typeof d.upstreamLatencyMs === "object" ? d.upstreamLatencyMs.low || d.upstreamLatencyMs.high : $Number(d.upstreamLatencyMs) !== 0) {
                            if ($util.Long)
                                m.upstreamLatencyMs = $util.Long.fromValue(d.upstreamLatencyMs, false);
                            else if (typeof d.upstreamLatencyMs === "string")
                                m.upstreamLatencyMs = $parseInt(d.upstreamLatencyMs, 10);
                            else if (typeof d.upstreamLatencyMs === "number")
                                m.upstreamLatencyMs = d.upstreamLatencyMs;
                            else if (typeof d.upstreamLatencyMs === "object")
                                m.upstreamLatencyMs = new $util.LongBits(d.upstreamLatencyMs.low >>> 0, d.upstreamLatencyMs.high >>> 0).toNumber();
                        }
                    }
                    if (d.createdAtMs != null) {
                        if (typeof d.createdAtMs === "object" ? d.createdAtMs.low || d.createdAtMs.high : $Number(d.createdAtMs) !== 0) {
                            if ($util.Long)
                                m.createdAtMs = $util.Long.fromValue(d.createdAtMs, false);
                            else if (typeof d.createdAtMs === "string")
                                m.createdAtMs = $parseInt(d.createdAtMs, 10);
                            else if (typeof d.createdAtMs === "number")
                                m.createdAtMs = d.createdAtMs;
                            else if (typeof d.createdAtMs === "object")
                                m.createdAtMs = new $util.LongBits(d.createdAtMs.low >>> 0, d.createdAtMs.high >>> 0).toNumber();
                        }
                    }
                    if (d.errorCode != null) {
                        if (typeof d.errorCode !== "string" || d.errorCode.length) {
                            m.errorCode = $String(d.errorCode);
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a UsageEvent message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {svc.gateway.v1.UsageEvent} m UsageEvent
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                UsageEvent.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.defaults) {
                        d.id = "";
                        d.replicaId = "";
                        d.requestId = "";
                        d.keyId = "";
                        d.orgId = "";
                        d.provider = "";
                        d.model = "";
                        d.endpoint = "";
                        d.status = 0;
                        d.streamed = false;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.costMicros = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.costMicros = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.latencyMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.latencyMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.upstreamLatencyMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.upstreamLatencyMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            var n = new $util.Long(0, 0, false);
                            d.createdAtMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                        } else
                            d.createdAtMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                        d.errorCode = "";
                    }
                    if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                        d.id = m.id;
                    }
                    if (m.replicaId != null && $Object.hasOwnProperty.call(m, "replicaId")) {
                        d.replicaId = m.replicaId;
                    }
                    if (m.requestId != null && $Object.hasOwnProperty.call(m, "requestId")) {
                        d.requestId = m.requestId;
                    }
                    if (m.keyId != null && $Object.hasOwnProperty.call(m, "keyId")) {
                        d.keyId = m.keyId;
                    }
                    if (m.orgId != null && $Object.hasOwnProperty.call(m, "orgId")) {
                        d.orgId = m.orgId;
                    }
                    if (m.provider != null && $Object.hasOwnProperty.call(m, "provider")) {
                        d.provider = m.provider;
                    }
                    if (m.model != null && $Object.hasOwnProperty.call(m, "model")) {
                        d.model = m.model;
                    }
                    if (m.endpoint != null && $Object.hasOwnProperty.call(m, "endpoint")) {
                        d.endpoint = m.endpoint;
                    }
                    if (m.status != null && $Object.hasOwnProperty.call(m, "status")) {
                        d.status = m.status;
                    }
                    if (m.streamed != null && $Object.hasOwnProperty.call(m, "streamed")) {
                        d.streamed = m.streamed;
                    }
                    if (m.inputTokens != null && $Object.hasOwnProperty.call(m, "inputTokens")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.inputTokens = typeof m.inputTokens === "number" ? $BigInt(m.inputTokens) : $util.Long.fromBits(m.inputTokens.low >>> 0, m.inputTokens.high >>> 0, false).toBigInt();
                        else if (typeof m.inputTokens === "number")
                            d.inputTokens = o.longs === $String ? $String(m.inputTokens) : m.inputTokens;
                        else
                            d.inputTokens = o.longs === $String ? $util.Long.prototype.toString.call(m.inputTokens) : o.longs === $Number ? new $util.LongBits(m.inputTokens.low >>> 0, m.inputTokens.high >>> 0).toNumber() : m.inputTokens;
                    }
                    if (m.outputTokens != null && $Object.hasOwnProperty.call(m, "outputTokens")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.outputTokens = typeof m.outputTokens === "number" ? $BigInt(m.outputTokens) : $util.Long.fromBits(m.outputTokens.low >>> 0, m.outputTokens.high >>> 0, false).toBigInt();
                        else if (typeof m.outputTokens === "number")
                            d.outputTokens = o.longs === $String ? $String(m.outputTokens) : m.outputTokens;
                        else
                            d.outputTokens = o.longs === $String ? $util.Long.prototype.toString.call(m.outputTokens) : o.longs === $Number ? new $util.LongBits(m.outputTokens.low >>> 0, m.outputTokens.high >>> 0).toNumber() : m.outputTokens;
                    }
                    if (m.cachedInputTokens != null && $Object.hasOwnProperty.call(m, "cachedInputTokens")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.cachedInputTokens = typeof m.cachedInputTokens === "number" ? $BigInt(m.cachedInputTokens) : $util.Long.fromBits(m.cachedInputTokens.low >>> 0, m.cachedInputTokens.high >>> 0, false).toBigInt();
                        else if (typeof m.cachedInputTokens === "number")
                            d.cachedInputTokens = o.longs === $String ? $String(m.cachedInputTokens) : m.cachedInputTokens;
                        else
                            d.cachedInputTokens = o.longs === $String ? $util.Long.prototype.toString.call(m.cachedInputTokens) : o.longs === $Number ? new $util.LongBits(m.cachedInputTokens.low >>> 0, m.cachedInputTokens.high >>> 0).toNumber() : m.cachedInputTokens;
                    }
                    if (m.cacheWriteTokens != null && $Object.hasOwnProperty.call(m, "cacheWriteTokens")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.cacheWriteTokens = typeof m.cacheWriteTokens === "number" ? $BigInt(m.cacheWriteTokens) : $util.Long.fromBits(m.cacheWriteTokens.low >>> 0, m.cacheWriteTokens.high >>> 0, false).toBigInt();
                        else if (typeof m.cacheWriteTokens === "number")
                            d.cacheWriteTokens = o.longs === $String ? $String(m.cacheWriteTokens) : m.cacheWriteTokens;
                        else
                            d.cacheWriteTokens = o.longs === $String ? $util.Long.prototype.toString.call(m.cacheWriteTokens) : o.longs === $Number ? new $util.LongBits(m.cacheWriteTokens.low >>> 0, m.cacheWriteTokens.high >>> 0).toNumber() : m.cacheWriteTokens;
                    }
                    if (m.reasoningTokens != null && $Object.hasOwnProperty.call(m, "reasoningTokens")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.reasoningTokens = typeof m.reasoningTokens === "number" ? $BigInt(m.reasoningTokens) : $util.Long.fromBits(m.reasoningTokens.low >>> 0, m.reasoningTokens.high >>> 0, false).toBigInt();
                        else if (typeof m.reasoningTokens === "number")
                            d.reasoningTokens = o.longs === $String ? $String(m.reasoningTokens) : m.reasoningTokens;
                        else
                            d.reasoningTokens = o.longs === $String ? $util.Long.prototype.toString.call(m.reasoningTokens) : o.longs === $Number ? new $util.LongBits(m.reasoningTokens.low >>> 0, m.reasoningTokens.high >>> 0).toNumber() : m.reasoningTokens;
                    }
                    if (m.costMicros != null && $Object.hasOwnProperty.call(m, "costMicros")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.costMicros = typeof m.costMicros === "number" ? $BigInt(m.costMicros) : $util.Long.fromBits(m.costMicros.low >>> 0, m.costMicros.high >>> 0, false).toBigInt();
                        else if (typeof m.costMicros === "number")
                            d.costMicros = o.longs === $String ? $String(m.costMicros) : m.costMicros;
                        else
                            d.costMicros = o.longs === $String ? $util.Long.prototype.toString.call(m.costMicros) : o.longs === $Number ? new $util.LongBits(m.costMicros.low >>> 0, m.costMicros.high >>> 0).toNumber() : m.costMicros;
                    }
                    if (m.latencyMs != null && $Object.hasOwnProperty.call(m, "latencyMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.latencyMs = typeof m.latencyMs === "number" ? $BigInt(m.latencyMs) : $util.Long.fromBits(m.latencyMs.low >>> 0, m.latencyMs.high >>> 0, false).toBigInt();
                        else if (typeof m.latencyMs === "number")
                            d.latencyMs = o.longs === $String ? $String(m.latencyMs) : m.latencyMs;
                        else
                            d.latencyMs = o.longs === $String ? $util.Long.prototype.toString.call(m.latencyMs) : o.longs === $Number ? new $util.LongBits(m.latencyMs.low >>> 0, m.latencyMs.high >>> 0).toNumber() : m.latencyMs;
                    }
                    if (m.upstreamLatencyMs != null && $Object.hasOwnProperty.call(m, "upstreamLatencyMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.upstreamLatencyMs = typeof m.upstreamLatencyMs === "number" ? $BigInt(m.upstreamLatencyMs) : $util.Long.fromBits(m.upstreamLatencyMs.low >>> 0, m.upstreamLatencyMs.high >>> 0, false).toBigInt();
                        else if (typeof m.upstreamLatencyMs === "number")
                            d.upstreamLatencyMs = o.longs === $String ? $String(m.upstreamLatencyMs) : m.upstreamLatencyMs;
                        else
                            d.upstreamLatencyMs = o.longs === $String ? $util.Long.prototype.toString.call(m.upstreamLatencyMs) : o.longs === $Number ? new $util.LongBits(m.upstreamLatencyMs.low >>> 0, m.upstreamLatencyMs.high >>> 0).toNumber() : m.upstreamLatencyMs;
                    }
                    if (m.createdAtMs != null && $Object.hasOwnProperty.call(m, "createdAtMs")) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.createdAtMs = typeof m.createdAtMs === "number" ? $BigInt(m.createdAtMs) : $util.Long.fromBits(m.createdAtMs.low >>> 0, m.createdAtMs.high >>> 0, false).toBigInt();
                        else if (typeof m.createdAtMs === "number")
                            d.createdAtMs = o.longs === $String ? $String(m.createdAtMs) : m.createdAtMs;
                        else
                            d.createdAtMs = o.longs === $String ? $util.Long.prototype.toString.call(m.createdAtMs) : o.longs === $Number ? new $util.LongBits(m.createdAtMs.low >>> 0, m.createdAtMs.high >>> 0).toNumber() : m.createdAtMs;
                    }
                    if (m.errorCode != null && $Object.hasOwnProperty.call(m, "errorCode")) {
                        d.errorCode = m.errorCode;
                    }
                    return d;
                };

                /**
                 * Converts this UsageEvent to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.UsageEvent
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                UsageEvent.prototype.toJSON = function() {
                    return UsageEvent.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for UsageEvent
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.UsageEvent
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                UsageEvent.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.UsageEvent";
                };

                return UsageEvent;
            })();

            v1.UsageBatch = (function() {

                /**
                 * Properties of a UsageBatch.
                 * @typedef {Object} svc.gateway.v1.UsageBatch.$Properties
                 * @property {Array.<Uint8Array>|null} [events] UsageBatch events
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a UsageBatch.
                 * @memberof svc.gateway.v1
                 * @interface IUsageBatch
                 * @augments svc.gateway.v1.UsageBatch.$Properties
                 * @deprecated Use svc.gateway.v1.UsageBatch.$Properties instead.
                 */

                /**
                 * Shape of a UsageBatch.
                 * @typedef {svc.gateway.v1.UsageBatch.$Properties} svc.gateway.v1.UsageBatch.$Shape
                 */

                /**
                 * Constructs a new UsageBatch.
                 * @memberof svc.gateway.v1
                 * @classdesc Represents a UsageBatch.
                 * @constructor
                 * @param {svc.gateway.v1.UsageBatch.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const UsageBatch = function (p) {
                    this.events = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * UsageBatch events.
                 * @member {Array.<Uint8Array>} events
                 * @memberof svc.gateway.v1.UsageBatch
                 * @instance
                 */
                UsageBatch.prototype.events = $util.emptyArray;

                /**
                 * Creates a new UsageBatch instance using the specified properties.
                 * @function create
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {svc.gateway.v1.UsageBatch.$Properties=} [properties] Properties to set
                 * @returns {svc.gateway.v1.UsageBatch} UsageBatch instance
                 * @type {{
                 *   (properties: svc.gateway.v1.UsageBatch.$Shape): svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape;
                 *   (properties?: svc.gateway.v1.UsageBatch.$Properties): svc.gateway.v1.UsageBatch;
                 * }}
                 */
                UsageBatch.create = function(properties) {
                    return new UsageBatch(properties);
                };

                /**
                 * Encodes the specified UsageBatch message. Does not implicitly {@link svc.gateway.v1.UsageBatch.verify|verify} messages.
                 * @function encode
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {svc.gateway.v1.UsageBatch.$Properties} m UsageBatch message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UsageBatch.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.events != null && m.events.length) {
                        for (var i = 0; i < m.events.length; ++i)
                            w.uint32(/* id 1, wireType 2 =*/10).bytes(m.events[i]);
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Encodes the specified UsageBatch message, length delimited. Does not implicitly {@link svc.gateway.v1.UsageBatch.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {svc.gateway.v1.UsageBatch.$Properties} message UsageBatch message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UsageBatch.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a UsageBatch message from the specified reader or buffer.
                 * @function decode
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape} UsageBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UsageBatch.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.svc.gateway.v1.UsageBatch();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if (!(m.events && m.events.length))
                                    m.events = [];
                                m.events.push(r.bytes());
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                /**
                 * Decodes a UsageBatch message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape} UsageBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UsageBatch.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a UsageBatch message.
                 * @function verify
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {Object.<string,*>} m Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                UsageBatch.verify = function (m, q) {
                    if (typeof m !== "object" || m === null)
                        return "object expected";
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        return "max depth exceeded";
                    if (m.events != null && $Object.hasOwnProperty.call(m, "events")) {
                        if (!$Array.isArray(m.events))
                            return "events: array expected";
                        for (var i = 0; i < m.events.length; ++i) {
                            if (!(m.events[i] && typeof m.events[i].length === "number" || $util.isString(m.events[i])))
                                return "events: buffer[] expected";
                        }
                    }
                    return null;
                };

                /**
                 * Creates a UsageBatch message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {Object.<string,*>} d Plain object
                 * @returns {svc.gateway.v1.UsageBatch} UsageBatch
                 */
                UsageBatch.fromObject = function (d, q) {
                    if (d instanceof $root.svc.gateway.v1.UsageBatch)
                        return d;
                    if (!$util.isObject(d))
                        throw $TypeError(".svc.gateway.v1.UsageBatch: object expected");
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var m = new $root.svc.gateway.v1.UsageBatch();
                    if (d.events) {
                        if (!$Array.isArray(d.events))
                            throw $TypeError(".svc.gateway.v1.UsageBatch.events: array expected");
                        m.events = $Array(d.events.length);
                        for (var i = 0; i < d.events.length; ++i) {
                            if (typeof d.events[i] === "string")
                                $util.base64.decode(d.events[i], m.events[i] = $util.newBuffer($util.base64.length(d.events[i])), 0);
                            else if (d.events[i].length >= 0)
                                m.events[i] = d.events[i];
                        }
                    }
                    return m;
                };

                /**
                 * Creates a plain object from a UsageBatch message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {svc.gateway.v1.UsageBatch} m UsageBatch
                 * @param {$protobuf.IConversionOptions} [o] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                UsageBatch.toObject = function (m, o, q) {
                    if (!o)
                        o = {};
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    var d = {};
                    if (o.arrays || o.defaults) {
                        d.events = [];
                    }
                    if (m.events && m.events.length) {
                        d.events = $Array(m.events.length);
                        for (var j = 0; j < m.events.length; ++j) {
                            d.events[j] = o.bytes === $String ? $util.base64.encode(m.events[j], 0, m.events[j].length) : o.bytes === $Array ? $Array.prototype.slice.call(m.events[j]) : m.events[j];
                        }
                    }
                    return d;
                };

                /**
                 * Converts this UsageBatch to JSON.
                 * @function toJSON
                 * @memberof svc.gateway.v1.UsageBatch
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                UsageBatch.prototype.toJSON = function() {
                    return UsageBatch.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for UsageBatch
                 * @function getTypeUrl
                 * @memberof svc.gateway.v1.UsageBatch
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                UsageBatch.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/svc.gateway.v1.UsageBatch";
                };

                return UsageBatch;
            })();

            return v1;
        })();

        return gateway;
    })();

    return svc;
})();

export {
  $root as default
};
