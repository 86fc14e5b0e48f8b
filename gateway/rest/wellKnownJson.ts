// Well-known protobuf types whose JSON form is not an object of their fields. Request parsing,
// response shaping and the OpenAPI document must agree on them, so they are listed once.

/** Written as one JSON value (a string, number or bool), so one query parameter can set them. */
export const ONE_VALUE_JSON_TYPES: ReadonlySet<string> = new Set([
  "google.protobuf.Timestamp",
  "google.protobuf.Duration",
  "google.protobuf.FieldMask",
  "google.protobuf.StringValue",
  "google.protobuf.BytesValue",
  "google.protobuf.Int64Value",
  "google.protobuf.UInt64Value",
  "google.protobuf.Int32Value",
  "google.protobuf.UInt32Value",
  "google.protobuf.BoolValue",
  "google.protobuf.DoubleValue",
  "google.protobuf.FloatValue",
]);

/** Every well-known type with a JSON form of its own (Any aside: it is an object with "@type"). */
export const SPECIAL_JSON_TYPES: ReadonlySet<string> = new Set([
  ...ONE_VALUE_JSON_TYPES,
  "google.protobuf.Struct",
  "google.protobuf.Value",
  "google.protobuf.ListValue",
  "google.protobuf.NullValue",
  "google.protobuf.Empty",
]);
