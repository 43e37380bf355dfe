/** Fixed choices of the people screens (backoffice.md §3-§5). */
export const EMPLOYEE_STATUSES = ["active", "inactive"] as const;
/** How an employee's salary is paid (issue 25): into a bank account, to a bKash or Nagad wallet, or in cash. */
export const SALARY_PAYMENT_METHODS = ["bank", "bkash", "nagad", "cash"] as const;
export type SalaryPaymentMethod = (typeof SALARY_PAYMENT_METHODS)[number];
export const SALARY_PAYMENT_METHOD_LABELS: Record<SalaryPaymentMethod, string> = {
  bank: "Bank transfer",
  bkash: "bKash",
  nagad: "Nagad",
  cash: "Cash",
};
export const POSITIONS = [
  "Manager",
  "Team Lead",
  "Senior Engineer",
  "Engineer",
  "Analyst",
  "Coordinator",
  "Specialist",
] as const;
export const DEPARTMENTS = ["Engineering", "Sales", "Marketing", "Finance", "HR", "Operations", "Support"] as const;

export const TASK_STATUSES = ["pending", "in-progress", "completed", "blocked"] as const;
export const TASK_PRIORITIES = ["low", "medium", "high"] as const;

export const LEAVE_TYPES = ["sick", "vacation", "other"] as const;
export const LEAVE_STATUSES = ["approved", "rejected", "pending"] as const;
