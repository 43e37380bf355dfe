import { relations } from "drizzle-orm";
import {
  budgetMonths,
  budgets,
  chartOfAccounts,
  journalEntries,
  journalLines,
  payrollRuns,
  payslips,
  taxRecords,
} from "./accounting";
import { accounts, sessions, users } from "./auth";
import { events } from "./content";
import { employees, leaves, tasks, teamMembers, teams } from "./people";
import { quotationEvents, quotationLines, quotations } from "./quotations";
import { inventoryItems } from "./catalogue";

export const usersRelations = relations(users, ({ many, one }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  employee: one(employees, { fields: [users.id], references: [employees.userId] }),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const employeesRelations = relations(employees, ({ one, many }) => ({
  user: one(users, { fields: [employees.userId], references: [users.id] }),
  memberships: many(teamMembers),
  leaves: many(leaves, { relationName: "leave_employee" }),
}));
export const teamsRelations = relations(teams, ({ one, many }) => ({
  lead: one(employees, { fields: [teams.leadId], references: [employees.id] }),
  members: many(teamMembers),
  tasks: many(tasks),
}));
export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  team: one(teams, { fields: [teamMembers.teamId], references: [teams.id] }),
  employee: one(employees, { fields: [teamMembers.employeeId], references: [employees.id] }),
}));
export const tasksRelations = relations(tasks, ({ one }) => ({
  team: one(teams, { fields: [tasks.teamId], references: [teams.id] }),
  assignee: one(employees, { fields: [tasks.assignedTo], references: [employees.id], relationName: "task_assignee" }),
  assigner: one(employees, { fields: [tasks.assignedBy], references: [employees.id], relationName: "task_assigner" }),
}));
export const leavesRelations = relations(leaves, ({ one }) => ({
  employee: one(employees, { fields: [leaves.employeeId], references: [employees.id], relationName: "leave_employee" }),
  approver: one(employees, { fields: [leaves.approvedBy], references: [employees.id], relationName: "leave_approver" }),
}));
export const eventsRelations = relations(events, ({ one }) => ({
  organizer: one(employees, { fields: [events.organizerId], references: [employees.id] }),
}));

export const quotationsRelations = relations(quotations, ({ many, one }) => ({
  lines: many(quotationLines),
  events: many(quotationEvents),
  customer: one(users, { fields: [quotations.customerUserId], references: [users.id] }),
}));
export const quotationLinesRelations = relations(quotationLines, ({ one }) => ({
  quotation: one(quotations, { fields: [quotationLines.quotationId], references: [quotations.id] }),
  item: one(inventoryItems, { fields: [quotationLines.inventoryItemId], references: [inventoryItems.id] }),
}));
export const quotationEventsRelations = relations(quotationEvents, ({ one }) => ({
  quotation: one(quotations, { fields: [quotationEvents.quotationId], references: [quotations.id] }),
}));

export const journalEntriesRelations = relations(journalEntries, ({ many }) => ({
  lines: many(journalLines),
}));
export const journalLinesRelations = relations(journalLines, ({ one }) => ({
  entry: one(journalEntries, { fields: [journalLines.journalEntryId], references: [journalEntries.id] }),
  account: one(chartOfAccounts, { fields: [journalLines.accountId], references: [chartOfAccounts.id] }),
}));
export const budgetsRelations = relations(budgets, ({ one, many }) => ({
  account: one(chartOfAccounts, { fields: [budgets.accountId], references: [chartOfAccounts.id] }),
  months: many(budgetMonths),
}));
export const budgetMonthsRelations = relations(budgetMonths, ({ one }) => ({
  budget: one(budgets, { fields: [budgetMonths.budgetId], references: [budgets.id] }),
}));
export const taxRecordsRelations = relations(taxRecords, ({ one }) => ({
  account: one(chartOfAccounts, { fields: [taxRecords.accountId], references: [chartOfAccounts.id] }),
}));
export const payrollRunsRelations = relations(payrollRuns, ({ many }) => ({
  payslips: many(payslips),
}));
export const payslipsRelations = relations(payslips, ({ one }) => ({
  run: one(payrollRuns, { fields: [payslips.payrollRunId], references: [payrollRuns.id] }),
  employee: one(employees, { fields: [payslips.employeeId], references: [employees.id] }),
}));
