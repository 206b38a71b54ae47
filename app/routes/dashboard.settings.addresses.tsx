import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addressSchema } from "../../core/auth/schemas";
import { safeRedirectPath } from "../../core/safe-redirect";
import { ADDRESS_INTENTS, fullName, type Address } from "../components/dashboard/address";
import { AddressForm } from "../components/dashboard/address-form";
import { countryOptions } from "../components/dashboard/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { DefaultBadge, ItemActions } from "../components/ui/confirm-card";
import { EmptyState } from "../components/ui/empty-state";
import { SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";

const ADDRESSES_PATH = "/dashboard/settings/addresses";

type AddressIntent = (typeof ADDRESS_INTENTS)[keyof typeof ADDRESS_INTENTS];
type ActionData = {
  intent: AddressIntent | null;
  id: string | null;
  result: SubmissionResult<string[]> | null;
  message: string | null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["dashboard"]),
    userApi(context, request, auth)
      .api.v1.account.addresses.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  const addresses = answer.data.addresses;
  const editParam = new URL(request.url).searchParams.get("edit");
  const editId = editParam && addresses.some((address) => address.id === editParam) ? editParam : null;
  return {
    title: t("addresses.metaTitle"),
    addresses,
    countries: countryOptions(locale),
    editId,
    editMissing: editParam !== null && editId === null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Address book") },
];

/**
 * The address book's one action (house style): create, update, make default, delete; 400 for an
 * unknown intent. Success → 303 back to the list with a toast; errors → this form's reply.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("addressId") ?? "");
  const { t } = await getTranslator(request, ["dashboard", "account"]);
  const addresses = userApi(context, request, auth).api.v1.account.addresses;
  const reply = async (value: ActionData, status: number) =>
    data(value, { status, headers: await sessionHeaders(request, context) });
  // `?redirectTo=` (e.g. from the checkout): where a saved address goes back to (same-site only).
  const back = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ADDRESSES_PATH);
  const done = async (description: string, to = ADDRESSES_PATH) =>
    redirectWithToast(
      to,
      { type: "success", description },
      { status: 303, headers: await sessionHeaders(request, context) },
    );

  switch (intent) {
    case ADDRESS_INTENTS.create:
    case ADDRESS_INTENTS.update: {
      const submission = parseWithZod(formData, { schema: addressSchema });
      if (submission.status !== "success") return reply({ intent, id, result: submission.reply(), message: null }, 400);
      const response =
        intent === ADDRESS_INTENTS.create
          ? await addresses.$post({ json: submission.value })
          : await addresses[":id"].$put({ param: { id }, json: submission.value });
      const answer = await readUserApi(request, context, response);
      if (!answer.ok)
        return reply(
          {
            intent,
            id,
            result: submission.reply({ formErrors: [apiErrorText(t, answer, "addresses")] }),
            message: null,
          },
          answer.status,
        );
      const name = fullName(answer.data);
      return done(
        intent === ADDRESS_INTENTS.create ? t("addresses.added", { name }) : t("addresses.updated", { name }),
        back,
      );
    }
    case ADDRESS_INTENTS.makeDefault: {
      const answer = await readUserApi(request, context, await addresses[":id"].default.$put({ param: { id } }));
      if (!answer.ok)
        return reply(
          { intent, id, result: null, message: apiErrorText(t, answer, "addresses") },
          answer.status === 400 ? 404 : answer.status,
        );
      return done(t("addresses.defaultChanged", { name: fullName(answer.data) }));
    }
    case ADDRESS_INTENTS.delete: {
      const answer = await readUserApi(request, context, await addresses[":id"].$delete({ param: { id } }));
      if (!answer.ok)
        return reply(
          { intent, id, result: null, message: apiErrorText(t, answer, "addresses") },
          answer.status === 400 ? 404 : answer.status,
        );
      return done(t("addresses.deleted"));
    }
    default:
      return reply({ intent: null, id: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

export const handle = { i18n: ["account", "dashboard/addresses", "dashboard/errors"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function AddressCard({ address, countryName }: { address: Address; countryName: string }) {
  const { t } = useTranslation("dashboard");
  const name = fullName(address);
  const headingId = `address-${address.id}-name`;
  const locality = [address.postalCode, address.city, address.state].filter(Boolean).join(" ");
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 sm:flex-row sm:justify-between">
      <div className="min-w-0">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold break-words">
          {name}
          {address.isDefault ? <DefaultBadge>{t("addresses.defaultBadge")}</DefaultBadge> : null}
        </h3>
        <address className="mt-1 text-sm not-italic text-slate-700 break-words dark:text-slate-300">
          {address.organization ? <span className="block">{address.organization}</span> : null}
          <span className="block">{address.address}</span>
          <span className="block">{locality}</span>
          <span className="block">{countryName}</span>
          {address.phone ? <span className="block">{address.phone}</span> : null}
          {address.email ? <span className="block break-all">{address.email}</span> : null}
        </address>
      </div>
      <ItemActions
        action={ADDRESSES_PATH}
        id={{ addressId: address.id }}
        isDefault={address.isDefault}
        intents={{ makeDefault: ADDRESS_INTENTS.makeDefault, remove: ADDRESS_INTENTS.delete }}
        labels={{
          makeDefault: t("addresses.makeDefault"),
          remove: t("addresses.delete"),
          question: t("addresses.deleteQuestion"),
          confirm: t("addresses.deleteConfirm"),
        }}
        itemName={name}
      >
        <Link to={`?edit=${address.id}#address-${address.id}`} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
          {t("addresses.edit")}
          <span className="sr-only"> {name}</span>
        </Link>
      </ItemActions>
    </article>
  );
}

export default function AddressBook() {
  const { t } = useTranslation(["dashboard", "account"]);
  const { addresses, countries, editId, editMissing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const countryNames = new Map(countries.map((country) => [country.code, country.name]));
  const resultFor = (intent: AddressIntent, id?: string) =>
    actionData?.intent === intent && (id === undefined || actionData.id === id)
      ? (actionData.result ?? undefined)
      : undefined;

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-xl font-semibold">{t("addresses.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("addresses.intro")}</p>
      </header>

      {actionData?.message || editMissing ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {actionData?.message ?? t("addresses.editMissing")}
        </p>
      ) : null}

      {addresses.length === 0 ? (
        <EmptyState title={t("addresses.emptyTitle")} text={t("addresses.emptyText")} />
      ) : (
        <ul aria-label={t("addresses.listLabel")} className="space-y-4">
          {addresses.map((address) => (
            <li
              key={address.id}
              id={`address-${address.id}`}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              {editId === address.id ? (
                <section aria-labelledby={`edit-${address.id}-title`}>
                  <h3 id={`edit-${address.id}-title`} className="mb-4 font-semibold">
                    {t("addresses.editHeading", { name: fullName(address) })}
                  </h3>
                  <AddressForm
                    address={address}
                    countries={countries}
                    lastResult={resultFor(ADDRESS_INTENTS.update, address.id)}
                    cancelTo={`${ADDRESSES_PATH}#address-${address.id}`}
                  />
                </section>
              ) : (
                <AddressCard address={address} countryName={countryNames.get(address.country) ?? address.country} />
              )}
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="add-address-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="add-address-title" className="mb-4 text-lg font-semibold">
          {t("addresses.addHeading")}
        </h3>
        {/* Keyed by the list: after a save the form starts empty again. */}
        <AddressForm
          key={addresses.map((address) => address.id).join()}
          countries={countries}
          lastResult={resultFor(ADDRESS_INTENTS.create)}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
