import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "./data-table";

// DataTable renders the markup of the hand-written tables it replaced: caption, <th scope="col">
// headers, row headers, per-column classes over the table's defaults, row attributes, a footer.

type Row = { id: string; name: string; total: number };

const columns: Column<Row>[] = [
  { key: "name", header: "Name", rowHeader: true, className: "name", cell: (row) => row.name },
  {
    key: "total",
    header: "Total",
    headerClassName: "right",
    className: (row) => (row.total > 5 ? "big" : undefined),
    cell: (row) => row.total,
  },
];
const rows: Row[] = [
  { id: "a", name: "Alpha", total: 3 },
  { id: "b", name: "Beta", total: 8 },
];

describe("DataTable", () => {
  it("renders a caption, column headers, row headers and cells", () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, {
        columns,
        rows,
        rowKey: (row) => row.id,
        caption: "Totals",
        headerClassName: "head",
        cellClassName: "cell",
        rowProps: (row) => ({ "data-id": row.id }),
        foot: createElement("tr", null, createElement("td", null, "11")),
      }),
    );
    expect(html).toBe(
      '<table class="w-full text-left text-sm"><caption class="sr-only">Totals</caption>' +
        '<thead><tr><th scope="col" class="head">Name</th><th scope="col" class="right">Total</th></tr></thead>' +
        '<tbody><tr data-id="a"><th scope="row" class="name">Alpha</th><td class="cell">3</td></tr>' +
        '<tr data-id="b"><th scope="row" class="name">Beta</th><td class="big">8</td></tr></tbody>' +
        "<tfoot><tr><td>11</td></tr></tfoot></table>",
    );
  });

  it("leaves out the caption and the head when asked", () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, { columns, rows: [], rowKey: (row) => row.id, hideHead: true }),
    );
    expect(html).toBe('<table class="w-full text-left text-sm"><tbody></tbody></table>');
  });
});
