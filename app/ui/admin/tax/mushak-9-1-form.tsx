import { closingBalanceText, MUSHAK_91_COLUMN_LABELS, type Mushak91 } from "~/domain/tax/mushak-9-1";
import { formatMoney, formatShortDate } from "~/lib/format";
import { Panel } from "~/ui/admin/page-header";

// The VAT return as filed (Mushak-9.1, issue 37): each part a table of its notes, the challans under part 9, and the
// closing balance with what it means. On a phone each note is a row of its label over its figures.

const money = (amount: string | undefined) => (amount === undefined ? "" : formatMoney(amount));

export function Mushak91Parts({ form }: { form: Mushak91 }) {
  return (
    <div className="grid gap-4">
      {form.parts.map((part) => {
        const titleId = `mushak-part-${part.part}`;
        return (
          <Panel key={part.part}>
            <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">
              Part {part.part}: {part.title}
            </h2>
            <table aria-labelledby={titleId} className="w-full text-sm" data-testid={`mushak-part-${part.part}`}>
              <thead className="hidden bg-slate-50 text-xs text-slate-500 sm:table-header-group">
                <tr>
                  <th scope="col" className="w-14 px-4 py-2 text-left font-medium">
                    Note
                  </th>
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Item
                  </th>
                  {part.columns.map((c) => (
                    <th key={c} scope="col" className="px-4 py-2 text-right font-medium whitespace-nowrap">
                      {c === "vat" ? (part.vatHeader ?? MUSHAK_91_COLUMN_LABELS.vat) : MUSHAK_91_COLUMN_LABELS[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {part.lines.map((line) => (
                  <tr
                    key={line.note}
                    data-note={line.note}
                    className={`grid grid-cols-[3rem_1fr] border-t border-slate-100 px-4 py-2 sm:table-row sm:px-0 sm:py-0 ${
                      line.total ? "font-semibold text-ink-900" : "text-slate-700"
                    }`}
                  >
                    <td className="tabular-nums sm:px-4 sm:py-2">{line.note}</td>
                    <th
                      scope="row"
                      className={`text-left sm:px-2 sm:py-2 ${line.total ? "font-semibold" : "font-normal"}`}
                    >
                      {line.label}
                      {part.part === 10 && (
                        <span className="block text-xs font-normal text-slate-500">
                          {closingBalanceText(form.closingBalance)}
                        </span>
                      )}
                    </th>
                    {part.columns.map((c) => (
                      <td
                        key={c}
                        data-column={c}
                        className="col-start-2 flex justify-between gap-3 tabular-nums sm:table-cell sm:px-4 sm:py-2 sm:text-right sm:whitespace-nowrap"
                      >
                        <span className="text-xs text-slate-500 sm:hidden">
                          {c === "vat" ? (part.vatHeader ?? MUSHAK_91_COLUMN_LABELS.vat) : MUSHAK_91_COLUMN_LABELS[c]}
                        </span>
                        <span>{money(line[c])}</span>
                      </td>
                    ))}
                  </tr>
                ))}
                {part.part === 9 &&
                  form.deposits.map((d) => (
                    <tr
                      key={d.challanNo}
                      className="grid grid-cols-[3rem_1fr] border-t border-slate-100 px-4 py-2 text-slate-600 sm:table-row sm:px-0 sm:py-0"
                      data-testid="mushak-challan"
                    >
                      <td className="sm:px-4 sm:py-2" />
                      <th scope="row" className="text-left font-normal sm:px-2 sm:py-2">
                        Challan {d.challanNo}, {formatShortDate(d.date)}
                      </th>
                      <td className="col-start-2 tabular-nums sm:px-4 sm:py-2 sm:text-right">
                        {formatMoney(d.amount)}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </Panel>
        );
      })}
    </div>
  );
}
