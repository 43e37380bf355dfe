// The Teams screen's texts and limits (issue 11), shared by the page and its use cases. Browser-safe.

export const TEAM_MESSAGES = {
  created: "Team created successfully",
  updated: "Team updated successfully",
  deleted: "Team deleted successfully",
  memberAdded: "Member added",
  memberRemoved: "Member removed",
  failed: (message: string) => `Failed to save team: ${message}`,
  nameTaken: "Another team has this name",
  notFound: "This team no longer exists",
  employeeNotFound: "Choose an active employee",
  hasTasks: (count: number) =>
    `This team has ${count} ${count === 1 ? "task" : "tasks"}; delete or finish them first, or rename the team instead`,
  alreadyMember: "This employee is already in the team",
  confirmDelete: "Are you sure you want to delete this team?",
} as const;

export const TEAM_NAME_MAX = 80;
