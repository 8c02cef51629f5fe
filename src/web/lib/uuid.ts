/** Ids of groups, leagues and people are UUIDs; anything else is answered on the page without asking the server. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any version, as the server's uuidParam). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
