// Transfer in (issue 14): can this name move to us, and at what price? Public (the wizard is a
// public page; the cart and checkout take it from there). Every SPEC §8 transfer refusal has its
// own code; the cart's POST /cart/items runs the same checks before it takes a transfer line.
import { centsToDecimal } from "../../../core/money";
import { addYears } from "../adapters/registry";
import { loadCatalogue } from "../db/catalogue";
import { transferCheckRoute, type TransferCheck } from "../contract/transfers";
import { contractRouter } from "../validate";
import { assertTransferable, type TransferableName } from "../transfer-check";

export function transferCheckView({ name, row, info }: TransferableName): TransferCheck {
  return {
    domain: name.ascii,
    unicode: name.unicode,
    tld: name.tld,
    registrar: info.registrar,
    expires_at: info.expiresAt,
    new_expires_at: addYears(info.expiresAt, 1),
    years: 1,
    currency: row.currency,
    transfer_price: centsToDecimal(row.transfer_cents),
    icann_fee: centsToDecimal(row.icann_fee_cents),
    total: centsToDecimal(row.transfer_cents + row.icann_fee_cents),
  };
}

/** Public (SPEC §6 lists transfer status; this is its companion before the transfer is asked). */
export const transferInRoutes = contractRouter().openapi(transferCheckRoute, async (c) => {
  const catalogue = await loadCatalogue(c.env.DB);
  const checked = await assertTransferable(c.var.services, catalogue, c.req.valid("param").domain);
  return c.json({ success: true as const, data: transferCheckView(checked) }, 200);
});
