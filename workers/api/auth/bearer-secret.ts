// A shared secret presented as `Authorization: Bearer <token>` by a machine caller (the helpdesk's
// SUPPORT_API_TOKEN, the EPP gateway's REGISTRY_CALLBACK_TOKEN), checked in constant time.

/** Whether the header carries `secret` as its bearer token; an empty secret matches nothing. */
export function bearerMatches(header: string | undefined, secret: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/iu.exec(header ?? "")?.[1];
  return given !== undefined && secret !== "" && sameText(given, secret);
}

/** Constant-time comparison of two strings: every byte of the longer is looked at, whatever differs. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1)
    diff |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return diff === 0;
}
