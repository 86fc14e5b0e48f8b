// Events as tests read them: each event's attributes as a record of key -> value. Takes ABCI events
// (protobuf) and CosmJS's alike: anything with a type and key/value attributes.

interface EventLike {
  type?: string;
  attributes?: readonly { key?: string; value?: string }[];
}

/** `event`'s attributes by key (a later attribute of the same key wins). */
export function attributesOf(event: EventLike): Record<string, string> {
  return Object.fromEntries((event.attributes ?? []).map((a) => [a.key ?? "", a.value ?? ""]));
}

/** The attributes of every event of `type`, in the order emitted. */
export function eventsOfType(events: readonly EventLike[] | undefined, type: string): Record<string, string>[] {
  return (events ?? []).filter((e) => e.type === type).map(attributesOf);
}

/** The attributes of the first event of `type`, or an empty record when there is none. */
export function firstEventOfType(events: readonly EventLike[] | undefined, type: string): Record<string, string> {
  return eventsOfType(events, type)[0] ?? {};
}
