/** Fixed choices of the people screens (backoffice.md §3-§5). */
export const EMPLOYEE_STATUSES = ["active", "inactive"] as const;
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
