/** Intents of the `/session` action (house style 2): sign out, refresh now, extend the session. */
export const SESSION_INTENTS = {
  logout: "logout",
  refresh: "refresh",
  extend: "extend",
} as const;
export type SessionIntent = (typeof SESSION_INTENTS)[keyof typeof SESSION_INTENTS];
