import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  EMPLOYEE_STATUSES,
  SALARY_PAYMENT_METHODS,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "../../domain/people/constants";
import { JOB_ROLES } from "../../domain/jobs/constants";
import { users } from "./auth";
import { jobs } from "./jobs";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

export const employees = pgTable(
  "employees",
  {
    id: id(),
    userId: uuid("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    phone: text("phone"),
    position: text("position").notNull(),
    department: text("department").notNull(),
    joiningDate: date("joining_date").notNull(),
    salary: money("salary").notNull(),
    status: text("status", { enum: EMPLOYEE_STATUSES }).notNull().default("active"),
    /** The last day employed (issue 25): a month with it is paid for the days up to it, a later month not at all. */
    leavingDate: date("leaving_date"),
    /** How the salary is paid, and where to (issue 25): shown only to those who see salaries. */
    salaryPaymentMethod: text("salary_payment_method", { enum: SALARY_PAYMENT_METHODS }).notNull().default("bank"),
    bankName: text("bank_name"),
    bankAccountNumber: text("bank_account_number"),
    walletNumber: text("wallet_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("employees_name_idx").on(t.name),
    check("employees_leaving_date_check", sql`${t.leavingDate} is null or ${t.leavingDate} >= ${t.joiningDate}`),
    check(
      "employees_salary_payment_method_check",
      sql.raw(`salary_payment_method in (${sqlList(SALARY_PAYMENT_METHODS)})`),
    ),
    index("employees_status_idx").on(t.status),
    index("employees_department_idx").on(t.department),
    index("employees_position_idx").on(t.position),
    index("employees_joining_date_idx").on(t.joiningDate),
    check("employees_status_check", sql.raw(`status in (${sqlList(EMPLOYEE_STATUSES)})`)),
    check("employees_salary_check", sql`${t.salary} >= 0`),
  ],
);

export const teams = pgTable(
  "teams",
  {
    id: id(),
    name: text("name").notNull().unique(),
    leadId: uuid("lead_id").references(() => employees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("teams_lead_id_idx").on(t.leadId)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.employeeId] }), index("team_members_employee_id_idx").on(t.employeeId)],
);

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    // An employee who leaves does not take the task history with them: the task stays, unassigned.
    assignedTo: uuid("assigned_to").references(() => employees.id, { onDelete: "set null" }),
    assignedBy: uuid("assigned_by").references(() => employees.id, { onDelete: "set null" }),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("pending"),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("medium"),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    /** A job's crew task (issue 26): the job, and the part (setup, operate, strike); both null for other tasks. */
    jobId: uuid("job_id").references((): AnyPgColumn => jobs.id, { onDelete: "cascade" }),
    jobRole: text("job_role", { enum: JOB_ROLES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_team_id_idx").on(t.teamId),
    index("tasks_assigned_to_idx").on(t.assignedTo),
    index("tasks_assigned_by_idx").on(t.assignedBy),
    index("tasks_status_idx").on(t.status),
    index("tasks_priority_idx").on(t.priority),
    // The list's sorts, id breaking ties (issue 19).
    index("tasks_due_date_idx").on(t.dueDate, t.id),
    index("tasks_created_at_idx").on(t.createdAt, t.id),
    check("tasks_status_check", sql.raw(`status in (${sqlList(TASK_STATUSES)})`)),
    check("tasks_priority_check", sql.raw(`priority in (${sqlList(TASK_PRIORITIES)})`)),
    index("tasks_job_id_idx").on(t.jobId),
    check("tasks_job_role_check", sql.raw(`job_role is null or job_role in (${sqlList(JOB_ROLES)})`)),
    check("tasks_job_check", sql`(${t.jobId} is null) = (${t.jobRole} is null)`),
  ],
);

export const leaves = pgTable(
  "leaves",
  {
    id: id(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type", { enum: LEAVE_TYPES }).notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    status: text("status", { enum: LEAVE_STATUSES }).notNull().default("pending"),
    approvedBy: uuid("approved_by").references(() => employees.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leaves_employee_id_idx").on(t.employeeId),
    index("leaves_approved_by_idx").on(t.approvedBy),
    index("leaves_status_idx").on(t.status),
    index("leaves_start_date_idx").on(t.startDate),
    index("leaves_created_at_idx").on(t.createdAt),
    check("leaves_type_check", sql.raw(`type in (${sqlList(LEAVE_TYPES)})`)),
    check("leaves_status_check", sql.raw(`status in (${sqlList(LEAVE_STATUSES)})`)),
    check("leaves_dates_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);
