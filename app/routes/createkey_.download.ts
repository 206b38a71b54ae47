import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { seedKeyWords } from "../../core/auth/seed-key";
import { formatMoment } from "../../core/format";
import { getTranslator } from "../server/i18n.server";
import { getUnconfirmedKeyFlow } from "../server/seed-key-flow.server";

/**
 * GET /createkey/download: the unconfirmed seed key as a text file (a plain link, so it works
 * without JavaScript). Same access rule as /createkey: only with the flow cookie holding the key.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await getUnconfirmedKeyFlow(request, context);
  if (!flow) throw redirect("/signup");
  const { locale, t } = await getTranslator(request, ["signup"]);
  const words = seedKeyWords(flow.seedKey);
  const date = formatMoment(locale, new Date()) ?? "";
  const lines = [
    t("createkey.fileTitle", { username: flow.username }),
    t("createkey.fileCreated", { date }),
    "",
    t("createkey.fileWarning"),
    "",
    ...words.map((word, index) => `${String(index + 1).padStart(2, " ")}. ${word}`),
    "",
    t("createkey.fileAllWords"),
    words.join(" "),
    "",
  ];
  // Usernames are [a-z0-9._] only (SPEC §5), so the name needs no escaping.
  return new Response(lines.join("\r\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="trinity-seed-key-${flow.username}.txt"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
