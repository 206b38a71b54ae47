import type { ComponentPropsWithoutRef, ReactNode } from "react";

// A table whose columns are data: each column gives its header, how to render a row's cell, and
// optional classes. The markup is the one the hand-written tables had: <caption> (screen-reader
// only by default), <thead> with <th scope="col">, one <tr> per row, a cell may be the row's
// header (<th scope="row">), an optional <tfoot>. Classes default per table and can be set per
// column.

export type Column<Row> = {
  /** Unique within the table (React key). */
  key: string;
  /** The column header (wrap it in `<span className="sr-only">` for an action column). */
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell's class, or the class for this row (else the table's `cellClassName`). */
  className?: string | ((row: Row, index: number) => string | undefined);
  /** The header's class (else the table's `headerClassName`). */
  headerClassName?: string;
  /** Render this cell as the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
};

/** Attributes of a body row (`data-*` included). */
export type RowProps = ComponentPropsWithoutRef<"tr"> & { [data: `data-${string}`]: string | number | undefined };

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionClassName = "sr-only",
  className = "w-full text-left text-sm",
  headClassName,
  headRowClassName,
  headerClassName,
  cellClassName,
  bodyClassName,
  rowClassName,
  rowProps,
  hideHead = false,
  foot,
  footClassName,
  testId,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  caption?: ReactNode;
  captionClassName?: string;
  /** The <table>'s class. */
  className?: string;
  /** The <thead>'s class. */
  headClassName?: string;
  /** The header row's class. */
  headRowClassName?: string;
  /** Every header cell's class, unless its column says otherwise. */
  headerClassName?: string;
  /** Every body cell's class, unless its column says otherwise. */
  cellClassName?: string;
  /** The <tbody>'s class. */
  bodyClassName?: string;
  rowClassName?: string | ((row: Row, index: number) => string | undefined);
  rowProps?: (row: Row, index: number) => RowProps;
  /** No <thead> (a table of row headers and values). */
  hideHead?: boolean;
  /** The <tfoot>'s rows. */
  foot?: ReactNode;
  footClassName?: string;
  testId?: string;
}) {
  return (
    <table className={className} data-testid={testId}>
      {caption ? <caption className={captionClassName}>{caption}</caption> : null}
      {hideHead ? null : (
        <thead className={headClassName}>
          <tr className={headRowClassName}>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.headerClassName ?? headerClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody className={bodyClassName}>
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            {...rowProps?.(row, index)}
            className={typeof rowClassName === "function" ? rowClassName(row, index) : rowClassName}
          >
            {columns.map((column) => {
              const cellClass =
                typeof column.className === "function" ? column.className(row, index) : column.className;
              return column.rowHeader ? (
                <th key={column.key} scope="row" className={cellClass ?? cellClassName}>
                  {column.cell(row, index)}
                </th>
              ) : (
                <td key={column.key} className={cellClass ?? cellClassName}>
                  {column.cell(row, index)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {foot ? <tfoot className={footClassName}>{foot}</tfoot> : null}
    </table>
  );
}

/**
 * A table's horizontal scroller that keyboard users can reach and scroll (axe's
 * scrollable-region-focusable): a named region with tabIndex 0.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = "overflow-x-auto focus:outline-none focus:ring-2 focus:ring-indigo-500",
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className={className}>
      {children}
    </div>
  );
}

/** The look of the billing and catalogue tables (a grey header row, rows divided by lines); spread it into DataTable. */
export const BOXED_TABLE = {
  headClassName: "bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300",
  headerClassName: "px-4 py-3 font-semibold",
  cellClassName: "px-4 py-3",
  bodyClassName: "divide-y divide-slate-200 dark:divide-slate-800",
} as const;
