/** A list page's `?page=` and `?status=` as the API accepts them; anything else falls back. */
export function listQuery<S extends string>(url: URL, statuses: readonly S[]): { page: number; status: S | null } {
  const rawPage = url.searchParams.get("page") ?? "";
  const page = /^\d{1,5}$/u.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= 10_000 ? Number(rawPage) : 1;
  const rawStatus = url.searchParams.get("status");
  const status = rawStatus !== null && (statuses as readonly string[]).includes(rawStatus) ? (rawStatus as S) : null;
  return { page, status };
}

export const PER_PAGE = 20;

/** The href of another page of a list, keeping its filter. */
export function pageHref(page: number, status: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
