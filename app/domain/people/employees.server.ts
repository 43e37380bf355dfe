import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { isUniqueViolation, violatedConstraint } from "../../db/errors.server";
import { employees as t, leaves, payslips, tasks } from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import type { EMPLOYEE_STATUSES, SalaryPaymentMethod } from "./constants";
import {
  EMPLOYEE_MESSAGES,
  EMPTY_EMPLOYEE_FORM,
  parseEmployeeForm,
  type EmployeeFormValues,
  type EmployeeInput,
  type EmployeePayInput,
} from "./employee-form";
import { EMPLOYEE_LIST } from "./employee-list";
import { refuse, refuseFields, type Refusal, type Refused, type UseCaseResult } from "../use-case";

// Employee Management (backoffice.md §2; issue 11): the list, and adding, editing and deleting an employee. Every
// write is one transaction with its audit line. An employee whom tasks, leave or payslips refer to is made
// inactive instead of deleted, so that history keeps its names; an edit over someone else's change is refused.
// The pay details (issue 25: payment method, bank, account and wallet numbers, leaving date) are read, shown and
// saved only for a role that may see pay (employees.salary), as the salary is: `withPay` says so.

const SORT_COLUMNS = {
  name: t.name,
  joined: t.joiningDate,
  department: [t.department, t.name],
  position: [t.position, t.name],
} as const;

export interface EmployeeRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  position: string;
  department: string;
  joiningDate: string;
  status: (typeof EMPLOYEE_STATUSES)[number];
  /** Only for those who may see pay (employees.salary); null otherwise. */
  salary: string | null;
  /** Has a sign-in of their own (users). */
  hasLogin: boolean;
  /** Only for those who may see pay (employees.salary); absent otherwise, so the page's data never carries it. */
  pay?: EmployeePay;
}

/** How an employee is paid, and until when (issue 25). */
export interface EmployeePay {
  paymentMethod: SalaryPaymentMethod;
  bankName: string | null;
  bankAccountNumber: string | null;
  walletNumber: string | null;
  leavingDate: string | null;
}

/** One page of employees, searched by name, e-mail or phone, filtered by department and status. */
export async function listEmployees(
  db: DbOrTx,
  state: StateOf<typeof EMPLOYEE_LIST>,
  options: { withSalary: boolean },
): Promise<ListPage<EmployeeRow>> {
  const where = and(
    searchAny(state.q, [t.name, t.email, t.phone]),
    state.filters.department ? eq(t.department, state.filters.department) : undefined,
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  return pageOf(db, EMPLOYEE_LIST, state, {
    from: t,
    where,
    rows: async (limit, offset) => {
      const rows = await db
        .select({
          id: t.id,
          name: t.name,
          email: t.email,
          phone: t.phone,
          position: t.position,
          department: t.department,
          joiningDate: t.joiningDate,
          status: t.status,
          // Pay never leaves the database for a role that may not see it.
          salary: options.withSalary ? t.salary : sql<null>`null`,
          hasLogin: sql<boolean>`${t.userId} is not null`,
          paymentMethod: t.salaryPaymentMethod,
          bankName: options.withSalary ? t.bankName : sql<null>`null`,
          bankAccountNumber: options.withSalary ? t.bankAccountNumber : sql<null>`null`,
          walletNumber: options.withSalary ? t.walletNumber : sql<null>`null`,
          leavingDate: options.withSalary ? t.leavingDate : sql<null>`null`,
        })
        .from(t)
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset);
      return rows.map(
        ({ paymentMethod, bankName, bankAccountNumber, walletNumber, leavingDate, ...row }): EmployeeRow =>
          options.withSalary
            ? { ...row, pay: { paymentMethod, bankName, bankAccountNumber, walletNumber, leavingDate } }
            : row,
      );
    },
  });
}

/**
 * A stored employee as the Edit dialog shows it; null for a malformed or unknown id. Without `withPay` the pay
 * details are the empty form's, not the stored ones.
 */
export async function loadEmployeeForm(
  db: DbOrTx,
  id: string,
  options: { withPay: boolean },
): Promise<EmployeeFormValues | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(t).where(eq(t.id, id.toLowerCase()));
  if (!row) return null;
  return {
    id: row.id,
    version: row.updatedAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    position: row.position,
    department: row.department,
    joiningDate: row.joiningDate,
    salary: row.salary,
    status: row.status,
    ...(options.withPay
      ? {
          paymentMethod: row.salaryPaymentMethod,
          bankName: row.bankName ?? "",
          bankAccountNumber: row.bankAccountNumber ?? "",
          walletNumber: row.walletNumber ?? "",
          leavingDate: row.leavingDate ?? "",
        }
      : {
          paymentMethod: EMPTY_EMPLOYEE_FORM.paymentMethod,
          bankName: "",
          bankAccountNumber: "",
          walletNumber: "",
          leavingDate: "",
        }),
  };
}

/** Done with the employee's id; refused with the spec's "Failed to add/update employee: {reason}". */
export type SaveEmployeeResult = UseCaseResult<{ id: string }>;

function payColumnsOf(pay: EmployeePayInput) {
  return {
    salaryPaymentMethod: pay.paymentMethod,
    bankName: pay.bankName,
    bankAccountNumber: pay.bankAccountNumber,
    walletNumber: pay.walletNumber,
    leavingDate: pay.leavingDate,
  };
}

/** The audit line's view of changed pay details: the numbers only as "changed" (the log is read by more roles). */
function maskedNumbers(changes: Record<string, unknown>): Record<string, unknown> {
  const out = { ...changes };
  if ("salary" in out) out.salary = "changed";
  if ("bankAccountNumber" in out) out.bankAccountNumber = "changed";
  if ("walletNumber" in out) out.walletNumber = "changed";
  return out;
}

const LEAVING_DATE_CHECK = "employees_leaving_date_check";

function columnsOf(input: EmployeeInput) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    position: input.position,
    department: input.department,
    joiningDate: input.joiningDate,
    salary: input.salary,
    status: input.status,
  };
}

/** Another employee already has this address (compared without regard to case). */
async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(sql`lower(${t.email}) = ${email}`, exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

const EMAIL_UNIQUE = "employees_email_unique";

export async function createEmployee(
  db: Db,
  values: EmployeeFormValues,
  actor: AuditActor,
  options: { withPay: boolean },
): Promise<SaveEmployeeResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, EMPLOYEE_MESSAGES.addFailed, errors);
  const parsed = parseEmployeeForm(values, options);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const pay = parsed.pay ? payColumnsOf(parsed.pay) : {};
  try {
    const id = await db.transaction(async (tx) => {
      if (await emailTaken(tx, input.email)) return null;
      const [row] = await tx
        .insert(t)
        .values({ ...columnsOf(input), ...pay })
        .returning({ id: t.id });
      await recordAudit(tx, actor, {
        action: "employee.created",
        entityType: "employee",
        entityId: row!.id,
        summary: `Added the employee ${input.name} (${input.position}, ${input.department})`,
        changes: {
          ...columnsOf(input),
          salary: undefined,
          ...(parsed.pay
            ? {
                salaryPaymentMethod: parsed.pay.paymentMethod,
                bankName: parsed.pay.bankName,
                leavingDate: parsed.pay.leavingDate,
              }
            : {}),
        },
      });
      return row!.id;
    });
    if (!id) return failed("invalid", { email: EMPLOYEE_MESSAGES.emailTaken });
    return { ok: true, id, message: EMPLOYEE_MESSAGES.added };
  } catch (error) {
    // Two adds of one address at once: the second meets the unique index.
    if (isUniqueViolation(error, EMAIL_UNIQUE)) return failed("invalid", { email: EMPLOYEE_MESSAGES.emailTaken });
    if (violatedConstraint(error) === LEAVING_DATE_CHECK)
      return failed("invalid", { leavingDate: EMPLOYEE_MESSAGES.leavingBeforeJoining });
    throw error;
  }
}

export async function updateEmployee(
  db: Db,
  values: EmployeeFormValues,
  actor: AuditActor,
  options: { withPay: boolean },
): Promise<SaveEmployeeResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, EMPLOYEE_MESSAGES.updateFailed, errors);
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return failed("invalid", { form: EMPLOYEE_MESSAGES.idRequired });
  const parsed = parseEmployeeForm(values, options);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const pay = parsed.pay ? payColumnsOf(parsed.pay) : {};
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
      const [before] = await tx.select().from(t).where(eq(t.id, id)).for("update");
      if (!before) return failed("not-found", { form: EMPLOYEE_MESSAGES.notFound });
      if (values.version !== before.updatedAt.toISOString())
        return failed("conflict", { form: EMPLOYEE_MESSAGES.changedMeanwhile });
      if (await emailTaken(tx, input.email, id)) return failed("invalid", { email: EMPLOYEE_MESSAGES.emailTaken });
      // Without pay, the stored pay details are left as they are.
      const after = { ...columnsOf(input), ...pay };
      const changes = diffFields({ ...before } as Record<string, unknown>, after);
      if (Object.keys(changes).length === 0) return null;
      await tx.update(t).set(after).where(eq(t.id, id));
      await recordAudit(tx, actor, {
        action: "employee.updated",
        entityType: "employee",
        entityId: id,
        summary: `Updated the employee ${input.name}: ${Object.keys(changes).join(", ")}`,
        // The change of pay is recorded as changed, not as figures: the audit log is readable by more roles.
        changes: maskedNumbers(changes),
      });
      return null;
    });
    if (outcome) return outcome;
    return { ok: true, id, message: EMPLOYEE_MESSAGES.updated };
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE)) return failed("invalid", { email: EMPLOYEE_MESSAGES.emailTaken });
    // The form checks it; the database's check backs it (a joining date and a leaving date saved apart).
    if (violatedConstraint(error) === LEAVING_DATE_CHECK)
      return failed("invalid", { leavingDate: EMPLOYEE_MESSAGES.leavingBeforeJoining });
    throw error;
  }
}

export type DeleteEmployeeResult = UseCaseResult<{ outcome: "deleted" | "deactivated" }>;

/** Deletes an employee, or makes them inactive when tasks, leave or payslips refer to them (the message says so). */
export async function deleteEmployee(db: Db, rawId: unknown, actor: AuditActor): Promise<DeleteEmployeeResult> {
  if (typeof rawId !== "string" || !isUuid(rawId))
    return refuse("invalid", EMPLOYEE_MESSAGES.deleteFailed("no employee was chosen"));
  const id = rawId.toLowerCase();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!row) return null;
    const [{ referenced } = { referenced: false }] = await queryRows<{ referenced: boolean }>(
      tx,
      sql`select exists (select 1 from ${tasks} where assigned_to = ${id} or assigned_by = ${id})
              or exists (select 1 from ${leaves} where employee_id = ${id} or approved_by = ${id})
              or exists (select 1 from ${payslips} where employee_id = ${id}) as referenced`,
    );
    if (referenced) {
      if (row.status !== "inactive") await tx.update(t).set({ status: "inactive" }).where(eq(t.id, id));
      await recordAudit(tx, actor, {
        action: "employee.deactivated",
        entityType: "employee",
        entityId: id,
        summary: `Made the employee ${row.name} inactive instead of deleting: tasks, leave or payslips refer to them`,
      });
      return "deactivated" as const;
    }
    await tx.delete(t).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: "employee.deleted",
      entityType: "employee",
      entityId: id,
      summary: `Deleted the employee ${row.name} (${row.email})`,
      changes: { name: row.name, email: row.email, position: row.position, department: row.department },
    });
    return "deleted" as const;
  });
  if (!outcome) return refuse("not-found", EMPLOYEE_MESSAGES.deleteFailed(EMPLOYEE_MESSAGES.notFound));
  return {
    ok: true,
    outcome,
    message: outcome === "deleted" ? EMPLOYEE_MESSAGES.deleted : EMPLOYEE_MESSAGES.madeInactive,
  };
}
