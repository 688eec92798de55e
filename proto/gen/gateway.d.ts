import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace svc. */
export namespace svc {

    /** Namespace gateway. */
    namespace gateway {

        /** Namespace v1. */
        namespace v1 {

            /**
             * Properties of a Limits.
             * @deprecated Use svc.gateway.v1.Limits.$Properties instead.
             */
            interface ILimits extends svc.gateway.v1.Limits.$Properties {
            }

            /** Represents a Limits. */
            class Limits {

                /**
                 * Constructs a new Limits.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.Limits.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Limits monthlyBudgetMicros. */
                monthlyBudgetMicros?: (number|null);

                /** Limits totalBudgetMicros. */
                totalBudgetMicros?: (number|null);

                /** Limits requestsPerMinute. */
                requestsPerMinute?: (number|null);

                /** Limits tokensPerMinute. */
                tokensPerMinute?: (number|null);

                /**
                 * Creates a new Limits instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Limits instance
                 */
                static create(properties: svc.gateway.v1.Limits.$Shape): svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape;
                static create(properties?: svc.gateway.v1.Limits.$Properties): svc.gateway.v1.Limits;

                /**
                 * Encodes the specified Limits message. Does not implicitly {@link svc.gateway.v1.Limits.verify|verify} messages.
                 * @param m Limits message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.Limits.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified Limits message, length delimited. Does not implicitly {@link svc.gateway.v1.Limits.verify|verify} messages.
                 * @param message Limits message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.Limits.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Limits message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape} Limits
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape;

                /**
                 * Decodes a Limits message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape} Limits
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.Limits & svc.gateway.v1.Limits.$Shape;

                /**
                 * Verifies a Limits message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a Limits message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns Limits
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.Limits;

                /**
                 * Creates a plain object from a Limits message. Also converts values to other types if specified.
                 * @param m Limits
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.Limits, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this Limits to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for Limits
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace Limits {

                /** Properties of a Limits. */
                interface $Properties {

                    /** Limits monthlyBudgetMicros */
                    monthlyBudgetMicros?: (number|null);

                    /** Limits totalBudgetMicros */
                    totalBudgetMicros?: (number|null);

                    /** Limits requestsPerMinute */
                    requestsPerMinute?: (number|null);

                    /** Limits tokensPerMinute */
                    tokensPerMinute?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Limits. */
                type $Shape = svc.gateway.v1.Limits.$Properties;
            }

            /**
             * Properties of a KeyEntry.
             * @deprecated Use svc.gateway.v1.KeyEntry.$Properties instead.
             */
            interface IKeyEntry extends svc.gateway.v1.KeyEntry.$Properties {
            }

            /** Represents a KeyEntry. */
            class KeyEntry {

                /**
                 * Constructs a new KeyEntry.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.KeyEntry.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** KeyEntry id. */
                id: string;

                /** KeyEntry hash. */
                hash: string;

                /** KeyEntry orgId. */
                orgId: string;

                /** KeyEntry kind. */
                kind: string;

                /** KeyEntry name. */
                name: string;

                /** KeyEntry allModels. */
                allModels: boolean;

                /** KeyEntry models. */
                models: string[];

                /** KeyEntry limits. */
                limits?: (svc.gateway.v1.Limits.$Properties|null);

                /** KeyEntry month. */
                month: string;

                /** KeyEntry spendMonthMicros. */
                spendMonthMicros: number;

                /** KeyEntry spendTotalMicros. */
                spendTotalMicros: number;

                /** KeyEntry revoked. */
                revoked: boolean;

                /** KeyEntry prefix. */
                prefix: string;

                /** KeyEntry createdAtMs. */
                createdAtMs: number;

                /**
                 * Creates a new KeyEntry instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns KeyEntry instance
                 */
                static create(properties: svc.gateway.v1.KeyEntry.$Shape): svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape;
                static create(properties?: svc.gateway.v1.KeyEntry.$Properties): svc.gateway.v1.KeyEntry;

                /**
                 * Encodes the specified KeyEntry message. Does not implicitly {@link svc.gateway.v1.KeyEntry.verify|verify} messages.
                 * @param m KeyEntry message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.KeyEntry.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified KeyEntry message, length delimited. Does not implicitly {@link svc.gateway.v1.KeyEntry.verify|verify} messages.
                 * @param message KeyEntry message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.KeyEntry.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a KeyEntry message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape} KeyEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape;

                /**
                 * Decodes a KeyEntry message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape} KeyEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.KeyEntry & svc.gateway.v1.KeyEntry.$Shape;

                /**
                 * Verifies a KeyEntry message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a KeyEntry message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns KeyEntry
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.KeyEntry;

                /**
                 * Creates a plain object from a KeyEntry message. Also converts values to other types if specified.
                 * @param m KeyEntry
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.KeyEntry, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this KeyEntry to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for KeyEntry
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace KeyEntry {

                /** Properties of a KeyEntry. */
                interface $Properties {

                    /** KeyEntry id */
                    id?: (string|null);

                    /** KeyEntry hash */
                    hash?: (string|null);

                    /** KeyEntry orgId */
                    orgId?: (string|null);

                    /** KeyEntry kind */
                    kind?: (string|null);

                    /** KeyEntry name */
                    name?: (string|null);

                    /** KeyEntry allModels */
                    allModels?: (boolean|null);

                    /** KeyEntry models */
                    models?: (string[]|null);

                    /** KeyEntry limits */
                    limits?: (svc.gateway.v1.Limits.$Properties|null);

                    /** KeyEntry month */
                    month?: (string|null);

                    /** KeyEntry spendMonthMicros */
                    spendMonthMicros?: (number|null);

                    /** KeyEntry spendTotalMicros */
                    spendTotalMicros?: (number|null);

                    /** KeyEntry revoked */
                    revoked?: (boolean|null);

                    /** KeyEntry prefix */
                    prefix?: (string|null);

                    /** KeyEntry createdAtMs */
                    createdAtMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a KeyEntry. */
                type $Shape = svc.gateway.v1.KeyEntry.$Properties;
            }

            /**
             * Properties of an OrgEntry.
             * @deprecated Use svc.gateway.v1.OrgEntry.$Properties instead.
             */
            interface IOrgEntry extends svc.gateway.v1.OrgEntry.$Properties {
            }

            /** Represents an OrgEntry. */
            class OrgEntry {

                /**
                 * Constructs a new OrgEntry.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.OrgEntry.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** OrgEntry id. */
                id: string;

                /** OrgEntry name. */
                name: string;

                /** OrgEntry balanceMicros. */
                balanceMicros: number;

                /**
                 * Creates a new OrgEntry instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns OrgEntry instance
                 */
                static create(properties: svc.gateway.v1.OrgEntry.$Shape): svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape;
                static create(properties?: svc.gateway.v1.OrgEntry.$Properties): svc.gateway.v1.OrgEntry;

                /**
                 * Encodes the specified OrgEntry message. Does not implicitly {@link svc.gateway.v1.OrgEntry.verify|verify} messages.
                 * @param m OrgEntry message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.OrgEntry.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified OrgEntry message, length delimited. Does not implicitly {@link svc.gateway.v1.OrgEntry.verify|verify} messages.
                 * @param message OrgEntry message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.OrgEntry.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an OrgEntry message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape} OrgEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape;

                /**
                 * Decodes an OrgEntry message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape} OrgEntry
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.OrgEntry & svc.gateway.v1.OrgEntry.$Shape;

                /**
                 * Verifies an OrgEntry message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates an OrgEntry message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns OrgEntry
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.OrgEntry;

                /**
                 * Creates a plain object from an OrgEntry message. Also converts values to other types if specified.
                 * @param m OrgEntry
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.OrgEntry, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this OrgEntry to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for OrgEntry
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace OrgEntry {

                /** Properties of an OrgEntry. */
                interface $Properties {

                    /** OrgEntry id */
                    id?: (string|null);

                    /** OrgEntry name */
                    name?: (string|null);

                    /** OrgEntry balanceMicros */
                    balanceMicros?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an OrgEntry. */
                type $Shape = svc.gateway.v1.OrgEntry.$Properties;
            }

            /**
             * Properties of a SnapshotRequest.
             * @deprecated Use svc.gateway.v1.SnapshotRequest.$Properties instead.
             */
            interface ISnapshotRequest extends svc.gateway.v1.SnapshotRequest.$Properties {
            }

            /** Represents a SnapshotRequest. */
            class SnapshotRequest {

                /**
                 * Constructs a new SnapshotRequest.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.SnapshotRequest.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** SnapshotRequest replicaId. */
                replicaId: string;

                /** SnapshotRequest snapshotId. */
                snapshotId: string;

                /** SnapshotRequest part. */
                part: number;

                /** SnapshotRequest stream. */
                stream: boolean;

                /**
                 * Creates a new SnapshotRequest instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns SnapshotRequest instance
                 */
                static create(properties: svc.gateway.v1.SnapshotRequest.$Shape): svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape;
                static create(properties?: svc.gateway.v1.SnapshotRequest.$Properties): svc.gateway.v1.SnapshotRequest;

                /**
                 * Encodes the specified SnapshotRequest message. Does not implicitly {@link svc.gateway.v1.SnapshotRequest.verify|verify} messages.
                 * @param m SnapshotRequest message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.SnapshotRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified SnapshotRequest message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotRequest.verify|verify} messages.
                 * @param message SnapshotRequest message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.SnapshotRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a SnapshotRequest message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape} SnapshotRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape;

                /**
                 * Decodes a SnapshotRequest message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape} SnapshotRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.SnapshotRequest & svc.gateway.v1.SnapshotRequest.$Shape;

                /**
                 * Verifies a SnapshotRequest message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a SnapshotRequest message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns SnapshotRequest
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.SnapshotRequest;

                /**
                 * Creates a plain object from a SnapshotRequest message. Also converts values to other types if specified.
                 * @param m SnapshotRequest
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.SnapshotRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this SnapshotRequest to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for SnapshotRequest
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace SnapshotRequest {

                /** Properties of a SnapshotRequest. */
                interface $Properties {

                    /** SnapshotRequest replicaId */
                    replicaId?: (string|null);

                    /** SnapshotRequest snapshotId */
                    snapshotId?: (string|null);

                    /** SnapshotRequest part */
                    part?: (number|null);

                    /** SnapshotRequest stream */
                    stream?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a SnapshotRequest. */
                type $Shape = svc.gateway.v1.SnapshotRequest.$Properties;
            }

            /**
             * Properties of a SnapshotPart.
             * @deprecated Use svc.gateway.v1.SnapshotPart.$Properties instead.
             */
            interface ISnapshotPart extends svc.gateway.v1.SnapshotPart.$Properties {
            }

            /** Represents a SnapshotPart. */
            class SnapshotPart {

                /**
                 * Constructs a new SnapshotPart.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.SnapshotPart.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** SnapshotPart snapshotId. */
                snapshotId: string;

                /** SnapshotPart part. */
                part: number;

                /** SnapshotPart parts. */
                parts: number;

                /** SnapshotPart data. */
                data: Uint8Array;

                /** SnapshotPart more. */
                more: boolean;

                /**
                 * Creates a new SnapshotPart instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns SnapshotPart instance
                 */
                static create(properties: svc.gateway.v1.SnapshotPart.$Shape): svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape;
                static create(properties?: svc.gateway.v1.SnapshotPart.$Properties): svc.gateway.v1.SnapshotPart;

                /**
                 * Encodes the specified SnapshotPart message. Does not implicitly {@link svc.gateway.v1.SnapshotPart.verify|verify} messages.
                 * @param m SnapshotPart message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.SnapshotPart.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified SnapshotPart message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotPart.verify|verify} messages.
                 * @param message SnapshotPart message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.SnapshotPart.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a SnapshotPart message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape} SnapshotPart
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape;

                /**
                 * Decodes a SnapshotPart message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape} SnapshotPart
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.SnapshotPart & svc.gateway.v1.SnapshotPart.$Shape;

                /**
                 * Verifies a SnapshotPart message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a SnapshotPart message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns SnapshotPart
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.SnapshotPart;

                /**
                 * Creates a plain object from a SnapshotPart message. Also converts values to other types if specified.
                 * @param m SnapshotPart
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.SnapshotPart, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this SnapshotPart to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for SnapshotPart
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace SnapshotPart {

                /** Properties of a SnapshotPart. */
                interface $Properties {

                    /** SnapshotPart snapshotId */
                    snapshotId?: (string|null);

                    /** SnapshotPart part */
                    part?: (number|null);

                    /** SnapshotPart parts */
                    parts?: (number|null);

                    /** SnapshotPart data */
                    data?: (Uint8Array|null);

                    /** SnapshotPart more */
                    more?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a SnapshotPart. */
                type $Shape = svc.gateway.v1.SnapshotPart.$Properties;
            }

            /**
             * Properties of a Snapshot.
             * @deprecated Use svc.gateway.v1.Snapshot.$Properties instead.
             */
            interface ISnapshot extends svc.gateway.v1.Snapshot.$Properties {
            }

            /** Represents a Snapshot. */
            class Snapshot {

                /**
                 * Constructs a new Snapshot.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.Snapshot.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Snapshot epoch. */
                epoch: string;

                /** Snapshot sequence. */
                sequence: number;

                /** Snapshot orgs. */
                orgs: svc.gateway.v1.OrgEntry.$Properties[];

                /** Snapshot keys. */
                keys: svc.gateway.v1.KeyEntry.$Properties[];

                /** Snapshot appliedEventIds. */
                appliedEventIds: string[];

                /** Snapshot generatedAtMs. */
                generatedAtMs: number;

                /** Snapshot replicaCount. */
                replicaCount: number;

                /**
                 * Creates a new Snapshot instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Snapshot instance
                 */
                static create(properties: svc.gateway.v1.Snapshot.$Shape): svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape;
                static create(properties?: svc.gateway.v1.Snapshot.$Properties): svc.gateway.v1.Snapshot;

                /**
                 * Encodes the specified Snapshot message. Does not implicitly {@link svc.gateway.v1.Snapshot.verify|verify} messages.
                 * @param m Snapshot message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.Snapshot.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified Snapshot message, length delimited. Does not implicitly {@link svc.gateway.v1.Snapshot.verify|verify} messages.
                 * @param message Snapshot message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.Snapshot.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Snapshot message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape} Snapshot
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape;

                /**
                 * Decodes a Snapshot message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape} Snapshot
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.Snapshot & svc.gateway.v1.Snapshot.$Shape;

                /**
                 * Verifies a Snapshot message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a Snapshot message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns Snapshot
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.Snapshot;

                /**
                 * Creates a plain object from a Snapshot message. Also converts values to other types if specified.
                 * @param m Snapshot
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.Snapshot, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this Snapshot to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for Snapshot
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace Snapshot {

                /** Properties of a Snapshot. */
                interface $Properties {

                    /** Snapshot epoch */
                    epoch?: (string|null);

                    /** Snapshot sequence */
                    sequence?: (number|null);

                    /** Snapshot orgs */
                    orgs?: (svc.gateway.v1.OrgEntry.$Properties[]|null);

                    /** Snapshot keys */
                    keys?: (svc.gateway.v1.KeyEntry.$Properties[]|null);

                    /** Snapshot appliedEventIds */
                    appliedEventIds?: (string[]|null);

                    /** Snapshot generatedAtMs */
                    generatedAtMs?: (number|null);

                    /** Snapshot replicaCount */
                    replicaCount?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Snapshot. */
                type $Shape = svc.gateway.v1.Snapshot.$Properties;
            }

            /**
             * Properties of a SnapshotDelta.
             * @deprecated Use svc.gateway.v1.SnapshotDelta.$Properties instead.
             */
            interface ISnapshotDelta extends svc.gateway.v1.SnapshotDelta.$Properties {
            }

            /** Represents a SnapshotDelta. */
            class SnapshotDelta {

                /**
                 * Constructs a new SnapshotDelta.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.SnapshotDelta.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** SnapshotDelta epoch. */
                epoch: string;

                /** SnapshotDelta sequence. */
                sequence: number;

                /** SnapshotDelta orgs. */
                orgs: svc.gateway.v1.OrgEntry.$Properties[];

                /** SnapshotDelta keys. */
                keys: svc.gateway.v1.KeyEntry.$Properties[];

                /** SnapshotDelta appliedEventIds. */
                appliedEventIds: string[];

                /** SnapshotDelta replicaCount. */
                replicaCount: number;

                /**
                 * Creates a new SnapshotDelta instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns SnapshotDelta instance
                 */
                static create(properties: svc.gateway.v1.SnapshotDelta.$Shape): svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape;
                static create(properties?: svc.gateway.v1.SnapshotDelta.$Properties): svc.gateway.v1.SnapshotDelta;

                /**
                 * Encodes the specified SnapshotDelta message. Does not implicitly {@link svc.gateway.v1.SnapshotDelta.verify|verify} messages.
                 * @param m SnapshotDelta message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.SnapshotDelta.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified SnapshotDelta message, length delimited. Does not implicitly {@link svc.gateway.v1.SnapshotDelta.verify|verify} messages.
                 * @param message SnapshotDelta message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.SnapshotDelta.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a SnapshotDelta message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape} SnapshotDelta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape;

                /**
                 * Decodes a SnapshotDelta message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape} SnapshotDelta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.SnapshotDelta & svc.gateway.v1.SnapshotDelta.$Shape;

                /**
                 * Verifies a SnapshotDelta message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a SnapshotDelta message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns SnapshotDelta
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.SnapshotDelta;

                /**
                 * Creates a plain object from a SnapshotDelta message. Also converts values to other types if specified.
                 * @param m SnapshotDelta
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.SnapshotDelta, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this SnapshotDelta to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for SnapshotDelta
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace SnapshotDelta {

                /** Properties of a SnapshotDelta. */
                interface $Properties {

                    /** SnapshotDelta epoch */
                    epoch?: (string|null);

                    /** SnapshotDelta sequence */
                    sequence?: (number|null);

                    /** SnapshotDelta orgs */
                    orgs?: (svc.gateway.v1.OrgEntry.$Properties[]|null);

                    /** SnapshotDelta keys */
                    keys?: (svc.gateway.v1.KeyEntry.$Properties[]|null);

                    /** SnapshotDelta appliedEventIds */
                    appliedEventIds?: (string[]|null);

                    /** SnapshotDelta replicaCount */
                    replicaCount?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a SnapshotDelta. */
                type $Shape = svc.gateway.v1.SnapshotDelta.$Properties;
            }

            /**
             * Properties of a ReplicaHeartbeat.
             * @deprecated Use svc.gateway.v1.ReplicaHeartbeat.$Properties instead.
             */
            interface IReplicaHeartbeat extends svc.gateway.v1.ReplicaHeartbeat.$Properties {
            }

            /** Represents a ReplicaHeartbeat. */
            class ReplicaHeartbeat {

                /**
                 * Constructs a new ReplicaHeartbeat.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.ReplicaHeartbeat.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ReplicaHeartbeat replicaId. */
                replicaId: string;

                /** ReplicaHeartbeat atMs. */
                atMs: number;

                /**
                 * Creates a new ReplicaHeartbeat instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ReplicaHeartbeat instance
                 */
                static create(properties: svc.gateway.v1.ReplicaHeartbeat.$Shape): svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape;
                static create(properties?: svc.gateway.v1.ReplicaHeartbeat.$Properties): svc.gateway.v1.ReplicaHeartbeat;

                /**
                 * Encodes the specified ReplicaHeartbeat message. Does not implicitly {@link svc.gateway.v1.ReplicaHeartbeat.verify|verify} messages.
                 * @param m ReplicaHeartbeat message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.ReplicaHeartbeat.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified ReplicaHeartbeat message, length delimited. Does not implicitly {@link svc.gateway.v1.ReplicaHeartbeat.verify|verify} messages.
                 * @param message ReplicaHeartbeat message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.ReplicaHeartbeat.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a ReplicaHeartbeat message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape} ReplicaHeartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape;

                /**
                 * Decodes a ReplicaHeartbeat message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape} ReplicaHeartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.ReplicaHeartbeat & svc.gateway.v1.ReplicaHeartbeat.$Shape;

                /**
                 * Verifies a ReplicaHeartbeat message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a ReplicaHeartbeat message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns ReplicaHeartbeat
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.ReplicaHeartbeat;

                /**
                 * Creates a plain object from a ReplicaHeartbeat message. Also converts values to other types if specified.
                 * @param m ReplicaHeartbeat
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.ReplicaHeartbeat, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this ReplicaHeartbeat to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for ReplicaHeartbeat
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace ReplicaHeartbeat {

                /** Properties of a ReplicaHeartbeat. */
                interface $Properties {

                    /** ReplicaHeartbeat replicaId */
                    replicaId?: (string|null);

                    /** ReplicaHeartbeat atMs */
                    atMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a ReplicaHeartbeat. */
                type $Shape = svc.gateway.v1.ReplicaHeartbeat.$Properties;
            }

            /**
             * Properties of a Heartbeat.
             * @deprecated Use svc.gateway.v1.Heartbeat.$Properties instead.
             */
            interface IHeartbeat extends svc.gateway.v1.Heartbeat.$Properties {
            }

            /** Represents a Heartbeat. */
            class Heartbeat {

                /**
                 * Constructs a new Heartbeat.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.Heartbeat.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Heartbeat epoch. */
                epoch: string;

                /** Heartbeat sequence. */
                sequence: number;

                /** Heartbeat atMs. */
                atMs: number;

                /**
                 * Creates a new Heartbeat instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Heartbeat instance
                 */
                static create(properties: svc.gateway.v1.Heartbeat.$Shape): svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape;
                static create(properties?: svc.gateway.v1.Heartbeat.$Properties): svc.gateway.v1.Heartbeat;

                /**
                 * Encodes the specified Heartbeat message. Does not implicitly {@link svc.gateway.v1.Heartbeat.verify|verify} messages.
                 * @param m Heartbeat message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.Heartbeat.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified Heartbeat message, length delimited. Does not implicitly {@link svc.gateway.v1.Heartbeat.verify|verify} messages.
                 * @param message Heartbeat message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.Heartbeat.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Heartbeat message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape} Heartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape;

                /**
                 * Decodes a Heartbeat message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape} Heartbeat
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.Heartbeat & svc.gateway.v1.Heartbeat.$Shape;

                /**
                 * Verifies a Heartbeat message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a Heartbeat message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns Heartbeat
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.Heartbeat;

                /**
                 * Creates a plain object from a Heartbeat message. Also converts values to other types if specified.
                 * @param m Heartbeat
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.Heartbeat, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this Heartbeat to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for Heartbeat
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace Heartbeat {

                /** Properties of a Heartbeat. */
                interface $Properties {

                    /** Heartbeat epoch */
                    epoch?: (string|null);

                    /** Heartbeat sequence */
                    sequence?: (number|null);

                    /** Heartbeat atMs */
                    atMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Heartbeat. */
                type $Shape = svc.gateway.v1.Heartbeat.$Properties;
            }

            /**
             * Properties of a UsageEvent.
             * @deprecated Use svc.gateway.v1.UsageEvent.$Properties instead.
             */
            interface IUsageEvent extends svc.gateway.v1.UsageEvent.$Properties {
            }

            /** Represents a UsageEvent. */
            class UsageEvent {

                /**
                 * Constructs a new UsageEvent.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.UsageEvent.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** UsageEvent id. */
                id: string;

                /** UsageEvent replicaId. */
                replicaId: string;

                /** UsageEvent requestId. */
                requestId: string;

                /** UsageEvent keyId. */
                keyId: string;

                /** UsageEvent orgId. */
                orgId: string;

                /** UsageEvent provider. */
                provider: string;

                /** UsageEvent model. */
                model: string;

                /** UsageEvent endpoint. */
                endpoint: string;

                /** UsageEvent status. */
                status: number;

                /** UsageEvent streamed. */
                streamed: boolean;

                /** UsageEvent inputTokens. */
                inputTokens?: (number|null);

                /** UsageEvent outputTokens. */
                outputTokens?: (number|null);

                /** UsageEvent cachedInputTokens. */
                cachedInputTokens?: (number|null);

                /** UsageEvent cacheWriteTokens. */
                cacheWriteTokens?: (number|null);

                /** UsageEvent reasoningTokens. */
                reasoningTokens?: (number|null);

                /** UsageEvent costMicros. */
                costMicros: number;

                /** UsageEvent latencyMs. */
                latencyMs: number;

                /** UsageEvent upstreamLatencyMs. */
                upstreamLatencyMs: number;

                /** UsageEvent createdAtMs. */
                createdAtMs: number;

                /** UsageEvent errorCode. */
                errorCode: string;

                /**
                 * Creates a new UsageEvent instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns UsageEvent instance
                 */
                static create(properties: svc.gateway.v1.UsageEvent.$Shape): svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape;
                static create(properties?: svc.gateway.v1.UsageEvent.$Properties): svc.gateway.v1.UsageEvent;

                /**
                 * Encodes the specified UsageEvent message. Does not implicitly {@link svc.gateway.v1.UsageEvent.verify|verify} messages.
                 * @param m UsageEvent message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.UsageEvent.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified UsageEvent message, length delimited. Does not implicitly {@link svc.gateway.v1.UsageEvent.verify|verify} messages.
                 * @param message UsageEvent message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.UsageEvent.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a UsageEvent message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape} UsageEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape;

                /**
                 * Decodes a UsageEvent message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape} UsageEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.UsageEvent & svc.gateway.v1.UsageEvent.$Shape;

                /**
                 * Verifies a UsageEvent message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a UsageEvent message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns UsageEvent
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.UsageEvent;

                /**
                 * Creates a plain object from a UsageEvent message. Also converts values to other types if specified.
                 * @param m UsageEvent
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.UsageEvent, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this UsageEvent to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for UsageEvent
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace UsageEvent {

                /** Properties of a UsageEvent. */
                interface $Properties {

                    /** UsageEvent id */
                    id?: (string|null);

                    /** UsageEvent replicaId */
                    replicaId?: (string|null);

                    /** UsageEvent requestId */
                    requestId?: (string|null);

                    /** UsageEvent keyId */
                    keyId?: (string|null);

                    /** UsageEvent orgId */
                    orgId?: (string|null);

                    /** UsageEvent provider */
                    provider?: (string|null);

                    /** UsageEvent model */
                    model?: (string|null);

                    /** UsageEvent endpoint */
                    endpoint?: (string|null);

                    /** UsageEvent status */
                    status?: (number|null);

                    /** UsageEvent streamed */
                    streamed?: (boolean|null);

                    /** UsageEvent inputTokens */
                    inputTokens?: (number|null);

                    /** UsageEvent outputTokens */
                    outputTokens?: (number|null);

                    /** UsageEvent cachedInputTokens */
                    cachedInputTokens?: (number|null);

                    /** UsageEvent cacheWriteTokens */
                    cacheWriteTokens?: (number|null);

                    /** UsageEvent reasoningTokens */
                    reasoningTokens?: (number|null);

                    /** UsageEvent costMicros */
                    costMicros?: (number|null);

                    /** UsageEvent latencyMs */
                    latencyMs?: (number|null);

                    /** UsageEvent upstreamLatencyMs */
                    upstreamLatencyMs?: (number|null);

                    /** UsageEvent createdAtMs */
                    createdAtMs?: (number|null);

                    /** UsageEvent errorCode */
                    errorCode?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a UsageEvent. */
                type $Shape = svc.gateway.v1.UsageEvent.$Properties;
            }

            /**
             * Properties of a UsageBatch.
             * @deprecated Use svc.gateway.v1.UsageBatch.$Properties instead.
             */
            interface IUsageBatch extends svc.gateway.v1.UsageBatch.$Properties {
            }

            /** Represents a UsageBatch. */
            class UsageBatch {

                /**
                 * Constructs a new UsageBatch.
                 * @param [p] Properties to set
                 */
                constructor(p?: svc.gateway.v1.UsageBatch.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** UsageBatch events. */
                events: Uint8Array[];

                /**
                 * Creates a new UsageBatch instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns UsageBatch instance
                 */
                static create(properties: svc.gateway.v1.UsageBatch.$Shape): svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape;
                static create(properties?: svc.gateway.v1.UsageBatch.$Properties): svc.gateway.v1.UsageBatch;

                /**
                 * Encodes the specified UsageBatch message. Does not implicitly {@link svc.gateway.v1.UsageBatch.verify|verify} messages.
                 * @param m UsageBatch message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: svc.gateway.v1.UsageBatch.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified UsageBatch message, length delimited. Does not implicitly {@link svc.gateway.v1.UsageBatch.verify|verify} messages.
                 * @param message UsageBatch message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: svc.gateway.v1.UsageBatch.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a UsageBatch message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape} UsageBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape;

                /**
                 * Decodes a UsageBatch message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape} UsageBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): svc.gateway.v1.UsageBatch & svc.gateway.v1.UsageBatch.$Shape;

                /**
                 * Verifies a UsageBatch message.
                 * @param m Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(m: { [k: string]: any }): (string|null);

                /**
                 * Creates a UsageBatch message from a plain object. Also converts values to their respective internal types.
                 * @param d Plain object
                 * @returns UsageBatch
                 */
                static fromObject(d: { [k: string]: any }): svc.gateway.v1.UsageBatch;

                /**
                 * Creates a plain object from a UsageBatch message. Also converts values to other types if specified.
                 * @param m UsageBatch
                 * @param [o] Conversion options
                 * @returns Plain object
                 */
                static toObject(m: svc.gateway.v1.UsageBatch, o?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this UsageBatch to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for UsageBatch
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace UsageBatch {

                /** Properties of a UsageBatch. */
                interface $Properties {

                    /** UsageBatch events */
                    events?: (Uint8Array[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a UsageBatch. */
                type $Shape = svc.gateway.v1.UsageBatch.$Properties;
            }
        }
    }
}
