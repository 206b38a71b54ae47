import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatDay } from "../../core/format";
import {
  lockFormSchema,
  nameserversFormSchema,
  passwordFormSchema,
  renewFormSchema,
  toggleFormSchema,
} from "../../core/my-domains";
import type { DomainActionData } from "../components/domains/forms";
import { DOMAIN_INTENTS } from "../components/domains/intents";
import { notFoundResponse } from "../components/error-boundary";
import { apiErrorText } from "../i18n/api-errors";
import { domainActionReplies, failureText, passwordRefusal, statusOf } from "./domain-actions.server";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, userApi, type AuthSession } from "./session.server";

/** A domain page's translator (domains texts) and the signed-in user's domain `name` as the API answers it. */
export function ownDomainAndTexts(request: Request, context: AppLoadContext, auth: AuthSession, name: string) {
  return Promise.all([
    getTranslator(request, ["domains"]),
    userApi(context, request, auth)
      .api.v1["user-domains"][":id"].$get({ param: { id: name } })
      .then((response) => readUserApi(request, context, response)),
  ]);
}

/** One domain's page (issue 14): the domain with its dates in the page's language; another user's domain is 404. */
export async function loadDomainDetail({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const [{ t, locale }, answer] = await ownDomainAndTexts(request, context, auth, name);
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 400) notFoundResponse();
    throw new Response(answer.message, { status: 500 });
  }
  const domain = answer.data;
  return {
    title: t("detail.metaTitle", { domain: domain.unicode }),
    domain,
    dates: {
      expires: formatDay(locale, domain.expires_at),
      registered: formatDay(locale, domain.registered_at),
      graceEnds: formatDay(locale, domain.registry?.grace_ends_at ?? null),
      redemptionEnds: formatDay(locale, domain.registry?.redemption_ends_at ?? null),
    },
  };
}

/** The success toast's key of a switch (auto-renewal, WHOIS privacy, DNSSEC) turned on or off. */
function toggledKey(intent: string, on: boolean) {
  switch (intent) {
    case DOMAIN_INTENTS.autoRenew:
      return on ? "autoRenewEnabled" : "autoRenewDisabled";
    case DOMAIN_INTENTS.privacy:
      return on ? "privacyEnabled" : "privacyDisabled";
    default:
      return on ? "dnssecEnabled" : "dnssecDisabled";
  }
}

/**
 * The domain page's forms: each a named intent (303 + toast on success, 400 with the form's
 * reply on failure, 400 for an unknown intent).
 */
export async function domainDetailAction({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getTranslator(request, ["domains"]);
  const v1 = userApi(context, request, auth).api.v1;
  const path = `/dashboard/domains/${encodeURIComponent(name)}`;
  const { reply, done, read } = domainActionReplies<DomainActionData>(request, context, path);

  switch (intent) {
    case DOMAIN_INTENTS.renew: {
      const submission = parseWithZod(formData, { schema: renewFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1["user-domains"][":id"].renew.$post({ param: { id: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply(
          { intent, result: submission.reply({ formErrors: [failureText(t, answer)] }), message: null },
          statusOf(answer),
        );
      return done(
        t(answer.data.operation === "restore" ? "detail.restoreAdded" : "detail.renewAdded", { domain: name }),
        "/cart",
      );
    }
    case DOMAIN_INTENTS.lock: {
      const submission = parseWithZod(formData, { schema: lockFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.domains.dns[":domain"]["domain-lock"].$put({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply({ intent, result: passwordRefusal(submission, answer, t), message: null }, statusOf(answer));
      return done(t(submission.value.locked ? "detail.lockEnabled" : "detail.lockDisabled"));
    }
    case DOMAIN_INTENTS.autoRenew:
    case DOMAIN_INTENTS.privacy:
    case DOMAIN_INTENTS.dnssec: {
      const submission = parseWithZod(formData, { schema: toggleFormSchema });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), message: t("errors.unknownIntent") }, 400);
      const on = submission.value.enabled;
      const route = v1["user-domains"][":id"];
      const response =
        intent === DOMAIN_INTENTS.autoRenew
          ? await route["auto-renew"].$put({ param: { id: name }, json: { auto_renew: on } })
          : intent === DOMAIN_INTENTS.privacy
            ? await route["whois-privacy"].$put({ param: { id: name }, json: { whois_privacy: on } })
            : await route.dnssec.$put({ param: { id: name }, json: { dnssec: on } });
      const answer = await read(response);
      if (!answer.ok) {
        const text = apiErrorText(t, answer, intent === DOMAIN_INTENTS.autoRenew ? "domains.autoRenew" : "domains");
        return reply({ intent, result: null, message: text }, statusOf(answer));
      }
      return done(t(`detail.${toggledKey(intent, on)}`));
    }
    case DOMAIN_INTENTS.nameservers: {
      const submission = parseWithZod(formData, { schema: nameserversFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.dns.domains[":domain"].nameservers.$put({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply(
          { intent, result: submission.reply({ formErrors: [failureText(t, answer)] }), message: null },
          statusOf(answer),
        );
      return done(t("detail.nameserversSaved"));
    }
    case DOMAIN_INTENTS.delete: {
      const submission = parseWithZod(formData, { schema: passwordFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.dns.domains[":domain"].$delete({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply({ intent, result: passwordRefusal(submission, answer, t), message: null }, statusOf(answer));
      return done(t("detail.deleted", { domain: name }));
    }
    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}
