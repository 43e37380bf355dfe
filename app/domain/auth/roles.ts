/** Roles on a user (DESIGN §4, §9). The spec's admin_users record is role = admin. */
export const USER_ROLES = ["admin", "staff", "accountant", "customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles that may enter the back office (/admin); a customer uses the portal only. */
export const STAFF_ROLES = ["admin", "staff", "accountant"] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: "Administrator",
  staff: "Staff",
  accountant: "Accountant",
  customer: "Customer",
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
