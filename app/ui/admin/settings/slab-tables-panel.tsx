import { Percent } from "lucide-react";
import { Form } from "react-router";
import {
  slabBandsText,
  slabTablePeriodText,
  tableInForceFor,
  type SlabTableSummary,
} from "~/domain/payroll/slab-tables-form";
import { formatMonthYear } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";
import { FormError, SubmitButton, TextField, useFormBusy } from "../form";
import { Panel } from "../page-header";

// Settings > Accounting's income-tax slab tables (issue 25; DESIGN §10): each table's bands in words, its source and
// the months it is in force for; an administrator puts a preset in force from a month on, or withdraws a table no
// payroll used (accountants see the tables only). Each change is its own small form, posted to the page.

export interface SlabAnswer {
  intent: string;
  tableId: string;
  errors: Record<string, string>;
}

const smallButton = `${secondaryButton} px-3 py-2`;

/** "first ৳300,000 at 0%, …" as a sentence of its own. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

export function SlabTablesPanel({
  tables,
  canChange,
  today,
  answer,
}: {
  tables: SlabTableSummary[];
  canChange: boolean;
  today: string;
  answer: SlabAnswer | null;
}) {
  const thisMonth = today.slice(0, 7);
  const now = tableInForceFor(tables, thisMonth);
  const inForce = tables.filter((t) => t.inForceFrom !== null);
  const earliest = inForce.map((t) => t.inForceFrom!).sort()[0];
  return (
    <Panel className="mt-6 p-5">
      <h2 id="slab-tables" className="flex items-center gap-2 text-base font-semibold text-ink-900">
        <Percent aria-hidden className="size-4" /> Income-tax slab tables
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Payroll works each month's income tax out with the table in force for that month: the one put in force latest on
        or before it. The Finance Acts' later tables ship as presets
        {canChange ? ": put one in force from the month its rates apply to." : " an administrator can put in force."} A
        month already processed keeps the table it was worked out with.
      </p>
      <ul className="mt-4 space-y-4">
        {tables.map((table) => {
          const mine = answer && answer.tableId === table.id ? answer : null;
          const withdrawable =
            table.inForceFrom !== null &&
            table.usedBy.length === 0 &&
            inForce.length > 1 &&
            table.inForceFrom !== earliest;
          return (
            <li key={table.id} className="rounded-md border border-slate-200 p-4" aria-label={table.name}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold text-ink-900">{table.name}</h3>
                {now?.id === table.id && <Badge tone="green">In force now</Badge>}
              </div>
              <p className="mt-1 text-sm font-medium text-slate-700">{slabTablePeriodText(table, tables)}</p>
              <p className="mt-1 text-sm text-slate-600">{sentence(slabBandsText(table.slabs))}</p>
              <p className="mt-1 text-xs text-slate-500">Source: {table.source}</p>
              {table.usedBy.length > 0 && (
                <p className="mt-1 text-xs text-slate-500">
                  Payroll worked out with it: {table.usedBy.map(formatMonthYear).join(", ")}
                </p>
              )}
              {mine?.errors.tableId && (
                <div className="mt-3">
                  <FormError message={mine.errors.tableId} />
                </div>
              )}
              {canChange && table.inForceFrom === null && (
                <PutInForceForm tableId={table.id} name={table.name} error={mine?.errors.month} thisMonth={thisMonth} />
              )}
              {canChange && withdrawable && <WithdrawForm tableId={table.id} name={table.name} />}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function PutInForceForm({
  tableId,
  name,
  error,
  thisMonth,
}: {
  tableId: string;
  name: string;
  error?: string;
  thisMonth: string;
}) {
  const busy = useFormBusy("slab-in-force");
  return (
    <Form
      method="post"
      noValidate
      aria-label={`Put ${name} in force`}
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <input type="hidden" name="intent" value="slab-in-force" />
      <input type="hidden" name="tableId" value={tableId} />
      <TextField
        name="month"
        label="Put in force from"
        type="month"
        min="2000-01"
        max="2099-12"
        required
        defaultValue={thisMonth}
        error={error}
        hint="From the first day of this month on"
        className="sm:w-64"
      />
      <div className="sm:pt-6">
        <SubmitButton label="Put in force" busyLabel="Saving..." busy={busy} className={smallButton} />
      </div>
    </Form>
  );
}

function WithdrawForm({ tableId, name }: { tableId: string; name: string }) {
  const busy = useFormBusy("slab-withdraw");
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="slab-withdraw" />
      <input type="hidden" name="tableId" value={tableId} />
      <button type="submit" className={smallButton} disabled={busy} aria-label={`Withdraw ${name}`}>
        {busy ? "Withdrawing..." : "Withdraw"}
      </button>
      <span className="ml-2 text-xs text-slate-500">No payroll used it: it becomes a preset again.</span>
    </Form>
  );
}
